// The testimonials feature's browser-safe face for the routes and other features: they import from
// here, never from its files (docs/architecture.md).
export { TestimonialCard } from "./components/testimonial-card";
export { TestimonialDialog } from "./components/testimonial-dialog";
