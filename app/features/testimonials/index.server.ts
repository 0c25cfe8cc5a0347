// The testimonials feature's server-only face for the routes and other features: they import from
// here, never from its files (docs/architecture.md).
export { type AdminTestimonial, testimonialAction, testimonialsPage } from "./console-testimonials.server";
export { listActiveTestimonials, listFormationTestimonials } from "./testimonials.server";
