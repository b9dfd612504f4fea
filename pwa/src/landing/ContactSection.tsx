import { useCallback } from 'react';
import { MSG } from '@lawfirm/shared-types';
import { useSettings } from '../shell/useSettings.tsx';
import { api, ApiError } from '../http/client.ts';
import {
  TextAreaField,
  TextField,
  useForm,
  useRulesOnFirstUse,
  zodFieldErrors,
  type FieldErrors,
} from '../ui/form.tsx';
import { useToast } from '../feedback/toast.tsx';
import { Icon } from './icons.tsx';

const EMPTY = { name: '', email: '', subject: '', message: '' };

/** The shared schema keeps client and server rules equal; loaded once the visitor reaches the form. */
const loadSchema = () =>
  import('@lawfirm/shared-types/contact-requests/contact-requests.entities.ts').then(
    (m) => m.ZContactRequestInput,
  );

/** The spec gives one email message for empty and malformed. */
function errorsOf(schema: Awaited<ReturnType<typeof loadSchema>>, values: typeof EMPTY): FieldErrors {
  const errors = zodFieldErrors(schema, values);
  if (errors.email) errors.email = MSG.emailRequired;
  return errors;
}

function ContactForm() {
  const toast = useToast();
  const rules = useRulesOnFirstUse(loadSchema, errorsOf);
  const { passes } = rules;
  const form = useForm(EMPTY, rules.validate);
  const { reset } = form;

  const send = useCallback(
    async (values: typeof EMPTY) => {
      if (!(await passes(values))) return;
      try {
        await api('/api/contact_requests', { method: 'POST', json: values, auth: false });
        toast.success(MSG.savedOk);
        reset();
      } catch (e) {
        // Part 1 §8: this form's failure shows the response's `error` field.
        const error = e instanceof ApiError && typeof e.body.error === 'string' ? e.body.error : null;
        toast.error('Something went wrong!', error ?? (e instanceof Error ? e.message : String(e)));
      }
    },
    [toast, reset, passes],
  );

  return (
    <form
      className="contact-form card"
      noValidate
      onSubmit={form.handleSubmit(send)}
      aria-label="Contact us"
      {...rules.reach}
    >
      <div className="grid-2">
        <TextField label="Name" autoComplete="name" required {...form.bind('name')} />
        <TextField label="Email" type="email" autoComplete="email" required {...form.bind('email')} />
      </div>
      <TextField label="Subject" {...form.bind('subject')} />
      <TextAreaField label="Message" rows={5} required {...form.bind('message')} />
      <button type="submit" className="btn primary" disabled={form.submitting}>
        Send Message
      </button>
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
