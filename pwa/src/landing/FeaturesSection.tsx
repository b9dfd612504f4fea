import { useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../feedback/Modal.tsx';
import { FEATURES, type TFeature } from './features.ts';
import { Icon } from './icons.tsx';

/** The heading's link or button stretches over the whole card, so the card is one target with one name. */
function FeatureCard({ feature, onRestricted }: { feature: TFeature; onRestricted: (f: TFeature) => void }) {
  return (
    <li className="feature">
      <span className="feature-icon">
        <Icon name={feature.icon} />
      </span>
      <div>
        <h3>
          {feature.url ? (
            <Link to={feature.url} className="stretched">
              {feature.heading}
            </Link>
          ) : (
            <button type="button" className="stretched" onClick={() => onRestricted(feature)}>
              {feature.heading}
            </button>
          )}
        </h3>
        <p>{feature.body_text}</p>
      </div>
    </li>
  );
}

/** Part 1 §1: a feature without a url is for members, so it offers Login and Sign Up instead. */
function RestrictedDialog({ feature, onClose }: { feature: TFeature | null; onClose: () => void }) {
  return (
    <Modal
      open={feature !== null}
      title="Restricted Feature"
      onClose={onClose}
      footer={
        <>
          <Link to="/login" className="btn primary">
            Login
          </Link>
          <Link to="/sign-up" className="btn">
            Sign Up
          </Link>
        </>
      }
    >
      <p>
        <strong>{feature?.heading}</strong> is available to members. Please login, or sign up to create your
        account.
      </p>
    </Modal>
  );
}

export function FeaturesSection() {
  const [restricted, setRestricted] = useState<TFeature | null>(null);
  const columns = [FEATURES.slice(0, 6), FEATURES.slice(6)];
  return (
    <section id="features" className="section" aria-labelledby="features-title">
      <div className="section-inner">
        <p className="eyebrow">What you get</p>
        <h2 id="features-title">Features</h2>
        <div className="features">
          {columns.map((list, i) => (
            <ul key={i} className="feature-list">
              {list.map((f) => (
                <FeatureCard key={f.id} feature={f} onRestricted={setRestricted} />
              ))}
            </ul>
          ))}
        </div>
      </div>
      <RestrictedDialog feature={restricted} onClose={() => setRestricted(null)} />
    </section>
  );
}
