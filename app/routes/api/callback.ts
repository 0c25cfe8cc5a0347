// Placeholder: replaced by its own module (issue in progress).
export function loader() {
  return new Response("Not found", { status: 404 });
}
