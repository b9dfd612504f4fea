import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { can, tilesFor, type TActor, type TUser } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { SyncStatusBadge } from './SyncStatusBadge.tsx';
import { InstallButton } from './InstallButton.tsx';
import { useLogout } from './useLogout.tsx';
import { useSettings } from './useSettings.tsx';

type NavItem = { to: string; label: string };

const GUEST_LINKS: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/#about', label: 'About Us' },
  { to: '/#features', label: 'Features' },
  { to: '/#pricing', label: 'Pricing' },
  { to: '/#reviews', label: 'Reviews' },
  { to: '/#contact', label: 'Contact Us' },
];

/**
 * Admin entries of the Settings dropdown (part 1 §2 Header), plus this app's lists that have no other way in:
 * contract categories, limitation holidays and the Mail Outbox.
 */
const ADMIN_ITEMS: NavItem[] = [
  { to: '/users', label: 'Users' },
  { to: '/settings', label: 'General Settings' },
  { to: '/courts', label: 'Courts' },
  { to: '/petition-types', label: 'Case Categories' },
  { to: '/module-types', label: 'Module Types' },
  { to: '/contact-requests', label: 'Contact Requests' },
  { to: '/contract-categories', label: 'Contract Categories' },
  { to: '/limitation-holidays', label: 'Limitation Holidays' },
  { to: '/mail-outbox', label: 'Mail Outbox' },
];

/** The main areas first in the menu (the rest of the dashboard's areas follow under More). */
const FIRST_AREAS: Record<string, string> = { 'case-files': 'Case Files', calendar: 'Calendar' };

/**
 * The main areas of the app, from the dashboard's tiles (one list for both): those the user may open here,
 * not external sites, "coming soon" tiles or what a student's version forbids. Routes not built yet still
 * get their entry; their screen says so.
 */
function mainAreas(actor: TActor): { first: NavItem[]; more: NavItem[] } {
  const open = tilesFor(actor).filter(
    (t) => !t.external && !t.comingSoon && !(actor.is_student && t.forbiddenForStudent),
  );
  return {
    first: Object.entries(FIRST_AREAS).flatMap(([key, label]) =>
      open.filter((t) => t.key === key).map((t) => ({ to: t.to, label })),
    ),
    more: open.filter((t) => !(t.key in FIRST_AREAS)).map((t) => ({ to: t.to, label: t.title })),
  };
}

function profilePath(user: TUser): string {
  return `/users/edit/${user.id}`;
}

function settingsItems(user: TUser, actor: TActor | null): NavItem[] {
  const items: NavItem[] = [{ to: profilePath(user), label: 'My Profile' }];
  if (can(actor, 'users.manage')) items.push(...ADMIN_ITEMS);
  if (can(actor, 'companies.manage')) items.push({ to: '/companies', label: 'Companies' });
  return items;
}

/**
 * A disclosure of links rather than an ARIA menu: these are page links, and a plain list keeps them
 * reachable with Tab and announced as links.
 */
function Dropdown({ label, items }: { label: string; items: NavItem[] }) {
  const loc = useLocation();
  // Open "at" a location: navigating anywhere closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === loc.key;
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpenAt(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenAt(null);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="dropdown" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="nav-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenAt(open ? null : loc.key)}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      <ul id={listId} className="dropdown-list" hidden={!open}>
        {items.map((i) => (
          <li key={i.to + i.label}>
            <NavLink to={i.to} onClick={() => setOpenAt(null)}>
              {i.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SignedInNav({ user, actor }: { user: TUser; actor: TActor | null }) {
  const logout = useLogout();
  const ownProfile = user.is_client || user.is_student || user.is_lawyer;
  const areas = actor ? mainAreas(actor) : { first: [], more: [] };

  return (
    <>
      <span className="welcome">Welcome, {user.name}</span>
      <NavLink to="/dashboard">Dashboard</NavLink>
      {areas.first.map((a) => (
        <NavLink key={a.to} to={a.to}>
          {a.label}
        </NavLink>
      ))}
      {areas.more.length > 0 && <Dropdown label="More" items={areas.more} />}
      {ownProfile && <NavLink to={profilePath(user)}>My Profile</NavLink>}
      <Dropdown label="Settings" items={settingsItems(user, actor)} />
      <InstallButton />
      <button type="button" className="nav-button" onClick={() => void logout.start()}>
        Logout
      </button>
      {logout.dialog}
    </>
  );
}

function GuestNav() {
  return (
    <>
      {GUEST_LINKS.map((l) => (
        <Link key={l.to} to={l.to}>
          {l.label}
        </Link>
      ))}
      <Link to="/sign-up" className="nav-cta">
        Sign Up
      </Link>
      <Link to="/login" className="nav-cta alt">
        Login
      </Link>
      <InstallButton />
    </>
  );
}

export function Header() {
  const { user, actor } = useAuth();
  const settings = useSettings();
  const loc = useLocation();
  // Part 3 §2.1: the mobile menu closes on every navigation; keyed to the location it was opened at.
  const [menuAt, setMenuAt] = useState<string | null>(null);
  const menuOpen = menuAt === loc.key;

  return (
    <header className="site-header">
      {/* Logo, sync state and Menu: on a phone the firm's name gives way first and Menu keeps its place. */}
      <div className="header-bar">
        <Link to="/" className="logo">
          <img src="/icons/icon-192.png" alt="" width={32} height={32} />
          <span>{settings?.site_name || 'eLawFirm'}</span>
        </Link>
        <SyncStatusBadge />
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuAt(menuOpen ? null : loc.key)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>Menu</span>
        </button>
      </div>
      <nav id="site-nav" aria-label="Main" className={`site-nav${menuOpen ? ' open' : ''}`}>
        {user ? <SignedInNav user={user} actor={actor} /> : <GuestNav />}
      </nav>
    </header>
  );
}
