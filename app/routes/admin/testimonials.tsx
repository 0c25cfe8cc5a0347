// Placeholder: replaced by the console's own module (issue in progress).
import { redirect } from "react-router";

export function loader() {
  throw redirect("/");
}

export default function Placeholder() {
  return null;
}
