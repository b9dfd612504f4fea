import { useCallback } from 'react';
import { MSG } from '@lawfirm/shared-types';
import { useSettings } from '../shell/useSettings.tsx';
import { api, ApiError } from '../http/client.ts';
import { useRulesOnFirstUse, type FieldErrors } from '../ui/form.tsx';
import type { TDraft, TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { schemaErrors } from '../ui/forms/schemaRules.ts';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { useToast } from '../feedback/toast.tsx';
import { Icon } from './icons.tsx';

const EMPTY = { name: '', email: '', subject: '', message: '' };
const FIELDS: TField[] = [
  { key: 'name', label: 'Name', required: MSG.nameRequired },
  { key: 'email', label: 'Email', required: MSG.emailRequired },
  { key: 'subject', label: 'Subject' },
  { key: 'message', label: 'Message', kind: 'textarea', required: MSG.messageRequired },
];

/** The shared schema keeps client and server rules equal; loaded once the visitor reaches the form. */
const loadSchema = () =>
  import('@lawfirm/shared-types/contact-requests/contact-requests.entities.ts').then(
    (m) => m.ZContactRequestInput,
  );

/** The spec gives one email message for empty and malformed. */
function errorsOf(schema: Awaited<ReturnType<typeof loadSchema>>, values: TDraft): FieldErrors {
  const errors = schemaErrors(schema, values);
  if (errors.email) errors.email = MSG.emailRequired;
  return errors;
}

function ContactForm() {
  const toast = useToast();
  const rules = useRulesOnFirstUse(loadSchema, errorsOf);
  const { passes } = rules;
  const form = useFieldForm(FIELDS, EMPTY, { check: rules.validate });
  const { reset, draft } = form;

  const send = useCallback(async () => {
    const values = { ...EMPTY, ...draft };
    if (!(await passes(values))) throw new Error('Not valid yet');
    try {
      await api('/api/contact_requests', { method: 'POST', json: values, auth: false });
      toast.success(MSG.savedOk);
      reset(EMPTY);
    } catch (e) {
      // Part 1 §8: this form's failure shows the response's `error` field.
      const error = e instanceof ApiError && typeof e.body.error === 'string' ? e.body.error : null;
      toast.error('Something went wrong!', error ?? (e instanceof Error ? e.message : String(e)));
    }
  }, [toast, reset, passes, draft]);

  return (
    <form
      className="contact-form card"
      noValidate
      onSubmit={form.submit(send)}
      aria-label="Contact us"
      {...rules.reach}
    >
      <div className="grid-2">
        <Field autoComplete="name" {...form.bind('name')} />
        <Field type="email" autoComplete="email" {...form.bind('email')} />
      </div>
      <Field {...form.bind('subject')} />
      <Field rows={5} {...form.bind('message')} />
      <button type="submit" className="btn primary" disabled={form.submitting}>
        Send Message
      </button>
      {form.dialog}
    </form>
  );
}

export function ContactSection() {
  const settings = useSettings();
  return (
    <section id="contact" className="section" aria-labelledby="contact-title">
      <div className="section-inner contact">
        <div className="contact-info">
          <p className="eyebrow">Get in touch</p>
          <h2 id="contact-title">Contact Us</h2>
          <p>Ask for a quote, a demonstration, or help moving your case files in.</p>
          <ul className="contact-lines">
            {settings?.site_email && (
              <li>
                <Icon name="mail" />
                <a href={`mailto:${settings.site_email}`}>{settings.site_email}</a>
              </li>
            )}
            {settings?.site_phone && (
              <li>
                <Icon name="phone" />
                <a href={`tel:${settings.site_phone.replace(/[^\d+]/g, '')}`}>{settings.site_phone}</a>
              </li>
            )}
          </ul>
        </div>
        <ContactForm />
      </div>
    </section>
  );
}
