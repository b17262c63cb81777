import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <main>
      <h1>NO SIGNAL - PAGE NOT FOUND</h1>
      <Link to="/">Return Home</Link>
    </main>
  );
}
