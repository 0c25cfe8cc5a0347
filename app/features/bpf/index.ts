// The bpf feature's browser-safe face for the routes and other features: they import from
// here, never from its files (docs/architecture.md).
export {
  type BpfLearner,
  type BpfSection,
  F1_LABELS,
  F3_LABELS,
  f4Label,
  hoursOf,
  TO_COMPLETE,
  UNKNOWN_SECTIONS,
  yearFrom,
} from "./bpf";
export { LearnerList, linkTo, SectionTable, Trainers } from "./components/bpf-tables";
