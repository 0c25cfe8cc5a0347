// The leads feature's server-only face for the routes and other features: they import from here, never from
// its files (docs/architecture.md).

export {
  contactRequestAction,
  contactRequestsPage,
  exportContacts,
  NO_CONTACTS,
} from "./console-contacts.server";
export {
  FieldRefusal,
  type FormOutcome,
  receiveCallback,
  receiveContactForm,
  receivePublicForm,
} from "./contact.server";
