import { Link } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';

export function Header() {
  const { user } = useAuth();
  return (
    <header className="site-header">
      <Link to="/" className="logo">
        eLawFirm
      </Link>
      <nav aria-label="Main">
        {user ? <Link to="/dashboard">Dashboard</Link> : <Link to="/login">Login</Link>}
      </nav>
    </header>
  );
}
