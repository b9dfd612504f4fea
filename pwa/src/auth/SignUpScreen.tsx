import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG, SIGNUP_ROLE_NAMES, solveChallenge, type TCaptchaChallenge } from '@lawfirm/shared-types';
import { Modal } from '../feedback/Modal.tsx';
import { api, ApiError } from '../http/client.ts';
import { FormError, useRulesOnFirstUse, type FieldErrors } from '../ui/form.tsx';
import { PHONE_MASK, type TDraft, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { SecretField } from '../ui/forms/SecretField.tsx';
import { schemaErrors } from '../ui/forms/schemaRules.ts';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { useToast } from '../feedback/toast.tsx';

type TGrecaptcha = {
  ready: (cb: () => void) => void;
  execute: (siteKey: string, opts: { action: string }) => Promise<string>;
};

let recaptchaLoading: Promise<TGrecaptcha> | null = null;

function loadRecaptcha(siteKey: string): Promise<TGrecaptcha> {
  recaptchaLoading ??= new Promise<TGrecaptcha>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    s.async = true;
    s.onload = () => {
      const g = (window as unknown as { grecaptcha?: TGrecaptcha }).grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error('reCAPTCHA did not load.'));
    };
    s.onerror = () => {
      recaptchaLoading = null;
      reject(new Error('reCAPTCHA did not load.'));
    };
    document.head.appendChild(s);
  });
  return recaptchaLoading;
}

/** The bot check's token (proof of work, or reCAPTCHA v3 when the firm set it up), or null when none came. */
async function obtainToken(onSolving: (solving: boolean) => void): Promise<string | null> {
  const c = await api<TCaptchaChallenge>('/api/captcha/challenge', { auth: false });
  try {
    if (c.provider === 'pow') {
      onSolving(true);
      return await solveChallenge(c);
    }
    if (c.provider === 'recaptcha') {
      const g = await loadRecaptcha(c.site_key);
      return await g.execute(c.site_key, { action: 'signup' });
    }
    return null;
  } catch {
    return null;
  } finally {
    onSolving(false);
  }
}

const EMPTY = {
  name: '',
  role_name: '',
  email: '',
  phone: '',
  password: '',
  confirm_password: '',
  moot_team_no: '',
  moot_institute: '',
};
type TValues = typeof EMPTY;
/** Fields on screen: a server error for one of them shows under it, anything else as a notification. */
function shownFields(moot: boolean): (keyof TValues)[] {
  const all = Object.keys(EMPTY) as (keyof TValues)[];
  return all.filter((f) => (moot ? f !== 'role_name' : f !== 'moot_team_no' && f !== 'moot_institute'));
}

function payload(v: TValues, moot: boolean) {
  return {
    ...v,
    // Part 1 §2: moot students have no Status choice; they sign up as ASSOCIATE.
    role_name: moot ? 'ASSOCIATE' : v.role_name,
    mootStudent: moot,
    moot_team_no: moot ? v.moot_team_no : '',
    moot_institute: moot ? v.moot_institute : '',
  };
}

const FIELDS: TField[] = [
  { key: 'name', label: 'Name', required: MSG.nameRequired },
  {
    key: 'role_name',
    label: 'Status',
    kind: 'select',
    required: MSG.statusRequired,
    placeholder: 'Select Status',
    options: SIGNUP_ROLE_NAMES.map((r) => ({ value: r, label: r })),
  },
  { key: 'email', label: 'Email', required: MSG.emailRequired },
  { key: 'phone', label: 'Phone', mask: PHONE_MASK },
  { key: 'moot_team_no', label: 'Moot Team No', required: MSG.teamRequired },
  { key: 'moot_institute', label: 'Institute' },
  { key: 'password', label: 'Password', required: MSG.passwordRequired },
  { key: 'confirm_password', label: 'Confirm Password', required: MSG.passwordMismatch },
];
/** Moot students have no Status; others no team or institute (part 1 §2). */
const fieldsOf = (moot: boolean) =>
  FIELDS.filter((f) =>
    moot ? f.key !== 'role_name' : f.key !== 'moot_team_no' && f.key !== 'moot_institute',
  );
const FIELDS_MOOT = fieldsOf(true);
const FIELDS_OTHER = fieldsOf(false);
/** The text as typed (passwords never trimmed), for the server's schema and the request. */
const valuesOfDraft = (d: TDraft): TValues =>
  Object.fromEntries(Object.keys(EMPTY).map((k) => [k, d[k] ?? ''])) as TValues;

function ThankYouDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      title="Thank you for signing up!"
      onClose={onClose}
      footer={
        <button type="button" className="btn primary" onClick={() => void navigate('/login')}>
          Go to Login
        </button>
      }
    >
      <p>An email with your login details will be sent to you shortly.</p>
      <p>You can login once an admin approves your account.</p>
    </Modal>
  );
}

/** The sign-up's rules, the server's own (loaded once the user reaches the form: useRulesOnFirstUse). */
const loadSchema = () => import('@lawfirm/shared-types/users/users.schema.ts').then((m) => m.ZSignupInput);

export function SignUpScreen() {
  const [params] = useSearchParams();
  const moot = params.has('moot-student');
  const toast = useToast();
  const [solving, setSolving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const errorsOf = useCallback(
    (schema: Awaited<ReturnType<typeof loadSchema>>, d: TDraft): FieldErrors => {
      const errors = schemaErrors(schema, payload(valuesOfDraft(d), moot));
      // The spec gives one email message for empty and malformed.
      if (errors.email) errors.email = MSG.emailRequired;
      return errors;
    },
    [moot],
  );
  const rules = useRulesOnFirstUse(loadSchema, errorsOf);
  const { validate, passes } = rules;
  const fields = moot ? FIELDS_MOOT : FIELDS_OTHER;
  const form = useFieldForm(fields, EMPTY, { check: validate });
  const { reset, setServerErrors, draft } = form;

  const send = useCallback(async () => {
    const v = valuesOfDraft(draft);
    setFormError(null);
    // A submit before the rules came is checked once they have (the form, re-drawn, shows what is wrong).
    if (!(await passes(draft))) throw new Error('Not valid yet');
    let token: string | null;
    try {
      token = await obtainToken(setSolving);
    } catch (e) {
      toast.failed(e);
      return;
    }
    if (!token) {
      setFormError(MSG.recaptchaRequired);
      return;
    }
    try {
      await api('/api/signup', {
        method: 'POST',
        json: { ...payload(v, moot), recaptcha_token: token },
        auth: false,
      });
      reset(EMPTY);
      setDone(true);
    } catch (e) {
      const fieldErrors: FieldErrors = {};
      if (e instanceof ApiError) for (const f of shownFields(moot)) fieldErrors[f] = e.field(f);
      setServerErrors(fieldErrors);
      const captchaError = e instanceof ApiError ? e.field('recaptcha_token') : undefined;
      if (captchaError) setFormError(captchaError);
      else if (!Object.values(fieldErrors).some(Boolean)) toast.failed(e);
    }
  }, [moot, toast, reset, setServerErrors, passes, draft]);

  return (
    <div className="auth-page">
      <section className="auth-card wide">
        <h1>Sign Up For Using eLawFirm</h1>
        <p>
          <Link to="/about-elawfirm">What is eLawFirm?</Link>
        </p>
        <form noValidate onSubmit={form.submit(send)} {...rules.reach}>
          <div className="grid-2">
            <Field autoComplete="name" {...form.bind('name')} />
            {!moot && <Field {...form.bind('role_name')} />}
            <Field type="email" autoComplete="email" {...form.bind('email')} />
            <Field type="tel" autoComplete="tel" placeholder="0300-1234567" {...form.bind('phone')} />
            {moot && <Field {...form.bind('moot_team_no')} />}
            {moot && <Field {...form.bind('moot_institute')} />}
            <SecretField autoComplete="new-password" {...form.bind('password')} />
            <SecretField autoComplete="new-password" {...form.bind('confirm_password')} />
          </div>
          <FormError message={formError} />
          <p className="muted" role="status">
            {solving ? 'Verifying you are human…' : ''}
          </p>
          <button type="submit" className="btn primary block" disabled={form.submitting}>
            Sign Up
          </button>
        </form>
        <p className="auth-alt">
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </section>
      <ThankYouDialog open={done} onClose={() => setDone(false)} />
      {form.dialog}
    </div>
  );
}
