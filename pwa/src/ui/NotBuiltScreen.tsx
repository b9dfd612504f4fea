import { Link } from 'react-router';

/** Routes whose features later work builds: a plain page, never a broken one. */
export function NotBuiltScreen({ title }: { title: string }) {
  return (
    <section className="page">
      <h1>{title}</h1>
      <p>This part of the app is not built yet.</p>
      <Link to="/dashboard">Back to the dashboard</Link>
    </section>
  );
}
