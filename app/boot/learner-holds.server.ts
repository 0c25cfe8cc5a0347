// Every feature that keeps records about a learner beyond an erasure tells learners so
// (features/learners/learner-holds.server.ts), registered once when this module loads:
// boot/runtime.server.ts imports it, so every runtime (the server's, each test's) has them before a
// request is served. Billing: the funding plan, the quotes and the invoices naming a learner.
import { billingLearnerHold } from "~/features/billing/index.server";
import { registerLearnerHold } from "~/features/learners/index.server";

registerLearnerHold("billing", billingLearnerHold);
