import { Link } from "react-router";

export default function NotFoundPage() {
  return (
    <section className="container page not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Page Not Found</h1>
      <p>Sorry, the page you are looking for does not exist.</p>
      <Link to="/" className="btn btn-primary">
        Go to Homepage
      </Link>
    </section>
  );
}
