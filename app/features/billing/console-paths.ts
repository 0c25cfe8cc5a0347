/** Where an invoice or a credit note is in the console: the Journal's links and the screens agree on it. */
export const invoiceHref = (id: string) => `/admin/factures/${id}`;
