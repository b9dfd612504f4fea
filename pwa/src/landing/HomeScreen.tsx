import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';
import { ContactSection } from './ContactSection.tsx';
import { FeaturesSection } from './FeaturesSection.tsx';
import { Icon, type IconName } from './icons.tsx';
import { PricingSection } from './PricingSection.tsx';
import { REVIEWS } from './reviews.ts';
import { ReviewsCarousel } from './ReviewsCarousel.tsx';

const ABOUT: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'cloud',
    title: 'Cloud-based',
    text: 'Your files on every device, and on your phone even without signal.',
  },
  {
    icon: 'check',
    title: 'Simple',
    text: 'Built around how Pakistani courts work: order sheets, talbana, hearing dates.',
  },
  {
    icon: 'zap',
    title: 'Fast',
    text: 'Open a case file in court in a second, not after a call to the office.',
  },
  { icon: 'tag', title: 'Affordable', text: 'Plans for students, individual lawyers and whole firms.' },
  { icon: 'trending', title: 'Evolving', text: 'New modules and legal libraries are added all the time.' },
];

/** The landing page's anchors (/#about, /#features…) scroll to their section, also from another page. */
function useScrollToHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    // Wait a tick: the shell scrolls to the top after a path change, in an effect that runs after this one.
    const t = setTimeout(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' });
    }, 0);
    return () => clearTimeout(t);
  }, [hash, key]);
}

function Hero() {
  const { user } = useAuth();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="section-inner">
        <p className="eyebrow">Case management for Pakistani lawyers and firms</p>
        <h1 id="hero-title">Your case files, in court and in the office, with or without signal.</h1>
        <p className="lead">
          Order sheets, annexures, hearing dates and documents for every case, on your phone and your desk.
        </p>
        {user ? (
          <Link to="/dashboard" className="btn accent big">
            Dashboard
          </Link>
        ) : (
          <Link to="/login" className="btn accent big">
            Get Started
          </Link>
        )}
      </div>
    </section>
  );
}

function About() {
  return (
    <section id="about" className="section" aria-labelledby="about-title">
      <div className="section-inner">
        <p className="eyebrow">Who we are</p>
        <h2 id="about-title">About Us</h2>
        <p className="lead">
          eLawFirm is a cloud-based case management system for law firms, lawyers, clients and law students.
        </p>
        <ul className="about-points">
          {ABOUT.map((a) => (
            <li key={a.title}>
              <span className="feature-icon">
                <Icon name={a.icon} />
              </span>
              <h3>{a.title}</h3>
              <p>{a.text}</p>
            </li>
          ))}
        </ul>
        <Link to="/about-elawfirm" className="btn">
          Read More<span className="sr-only"> about eLawFirm</span>
        </Link>
      </div>
    </section>
  );
}

function Reviews() {
  return (
    <section id="reviews" className="section alt" aria-labelledby="reviews-title">
      <div className="section-inner">
        <p className="eyebrow">What lawyers say</p>
        <h2 id="reviews-title">Reviews</h2>
        <ReviewsCarousel reviews={REVIEWS} />
      </div>
    </section>
  );
}

export function HomeScreen() {
  useScrollToHash();
  return (
    <div className="landing">
      <Hero />
      <About />
      <FeaturesSection />
      <PricingSection />
      <Reviews />
      <ContactSection />
      <footer className="site-footer">
        <p>© {new Date().getFullYear()} eLawFirm. Case management for lawyers in Pakistan.</p>
      </footer>
    </div>
  );
}
