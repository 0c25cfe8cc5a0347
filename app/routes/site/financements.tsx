// Placeholder: replaced by the screen's own module (issue in progress).
export default function Placeholder() {
  return <main id="contenu" className="mx-auto max-w-7xl px-4 py-16" />;
}
