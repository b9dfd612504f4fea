import { Link } from 'react-router';

export function NotFoundScreen() {
  return (
    <section className="page center">
      <h1 className="big-code">404</h1>
      <p>We couldn&apos;t find this page.</p>
      <Link to="/">Go to the home page</Link>
    </section>
  );
}
