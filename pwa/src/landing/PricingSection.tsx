import { Link } from 'react-router';
import { PLAN_FEATURES, PLANS } from './pricing.ts';

function Cell({ value }: { value: string | boolean }) {
  if (typeof value === 'string') return <>{value}</>;
  return value ? (
    <span className="yes" role="img" aria-label="Included">
      ✓
    </span>
  ) : (
    <span className="no" role="img" aria-label="Not included">
      ✕
    </span>
  );
}

export function PricingSection() {
  return (
    <section id="pricing" className="section alt" aria-labelledby="pricing-title">
      <div className="section-inner">
        <p className="eyebrow">Plans</p>
        <h2 id="pricing-title">Pricing</h2>
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="pricing-title">
          <table className="table pricing">
            <thead>
              <tr>
                <th scope="col">Features</th>
                {PLANS.map((p) => (
                  <th key={p.key} scope="col">
                    {p.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {PLAN_FEATURES.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.feature_name}</th>
                  {PLANS.map((p) => (
                    <td key={p.key}>
                      <Cell value={row[p.key]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td />
                {PLANS.map((p) => (
                  <td key={p.key}>
                    <Link to="/#contact" className="btn primary" aria-label={`Get a Quote: ${p.name}`}>
                      Get a Quote
                    </Link>
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      </div>
    </section>
  );
}
