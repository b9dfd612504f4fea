import type { TRow } from '../sync/db.ts';
import { putLocal } from '../sync/actions.ts';
import { useEntityRow, useSync } from '../sync/hooks.ts';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import { CHECKED, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';

type TPrefs = TRow & { reminders_enabled?: boolean | null; reminder_hour?: number | null };

/** 20 → "8 pm", 0 → "12 am". */
const hourLabel = (h: number): string => `${h % 12 || 12} ${h < 12 ? 'am' : 'pm'}`;

const FIELDS: TField[] = [
  { key: 'reminders_enabled', label: "Remind me of tomorrow's hearings", kind: 'checkbox' },
  {
    key: 'reminder_hour',
    label: 'At (Pakistan time)',
    kind: 'select',
    options: Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) })),
    parse: Number,
  },
];

/**
 * A user's own evening reminder (issue 34 item 4) on My Profile: on or off, and the hour. Saved on the device
 * (the user may edit these on their own row) and synced, so it works offline like the reminder itself.
 */
export function ReminderSettings({ userId }: { userId: string }) {
  const me = useEntityRow<TPrefs>('users', userId);
  if (!me) return null;
  return <ReminderForm me={me} />;
}

function ReminderForm({ me }: { me: TPrefs }) {
  const ctx = useSync();
  // "Reminders saved." once the server has them; "Saved on this device…" until then (offline too).
  const saved = useSaveReport();
  const form = useFieldForm(FIELDS, () => ({
    reminders_enabled: me.reminders_enabled === false ? '' : CHECKED,
    reminder_hour: String(me.reminder_hour ?? 20),
  }));
  const save = form.submit(async (values) => {
    if (!ctx) throw new Error('Your data is still loading.');
    await saved(
      () =>
        putLocal(ctx.db, 'users', me.id, {
          reminders_enabled: values.reminders_enabled === true,
          reminder_hour: values.reminder_hour,
        }),
      'Reminders saved.',
    );
  });
  return (
    <section className="page reminder-settings" aria-labelledby="reminder-settings">
      <h2 id="reminder-settings">Reminders</h2>
      <form noValidate onSubmit={save}>
        {FIELDS.map((f) => (
          <Field key={f.key} {...form.bind(f.key)} />
        ))}
        <button type="submit" className="btn btn-primary" disabled={form.submitting}>
          Save reminders
        </button>
        {form.dialog}
      </form>
    </section>
  );
}
