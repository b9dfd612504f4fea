import { Link, useNavigate, useParams } from 'react-router';
import { MSG, ZCompanyInput, type TCompany } from '@lawfirm/shared-types';
import { api, ApiError } from '../http/client.ts';
import { draftOf, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { ScreenGuard } from '../shell/ScreenGuard.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useApiList } from '../tables/useApiList.tsx';

type TCompanyDraft = { name: string; domain: string };

/** The company's fields; their messages are the shared schema's ('Name field is required.', 'Domain field is required.'). */
const FIELDS: TField[] = [
  { key: 'name', label: 'Name', required: MSG.nameRequired },
  { key: 'domain', label: 'Domain', required: MSG.domainRequired, placeholder: 'https://firm.example.com' },
];

export function CompanyFormScreen() {
  const { company_id } = useParams();
  return (
    <ScreenGuard permission="companies.manage">
      {company_id ? <EditCompany id={company_id} /> : <CompanyForm initial={{ name: '', domain: '' }} />}
    </ScreenGuard>
  );
}

function EditCompany({ id }: { id: string }) {
  const one = useApiList<{ company: TCompany }>(`/api/companies/${encodeURIComponent(id)}`);
  if (!one.data)
    return (
      <section className="page">
        <h1>Edit Company</h1>
        <p role="status">{one.loading ? 'Loading....' : 'No Records found.'}</p>
      </section>
    );
  const c = one.data.company;
  // Keyed by id so the form starts from the loaded company, not from an earlier one.
  return <CompanyForm key={c.id} id={c.id} initial={{ name: c.name, domain: c.domain ?? '' }} />;
}

function CompanyForm({ id, initial }: { id?: string; initial: TCompanyDraft }) {
  const navigate = useNavigate();
  const toast = useToast();
  const form = useFieldForm(FIELDS, () => draftOf(FIELDS, initial), { schema: ZCompanyInput });
  const editing = !!id;

  // The REST contract takes the whole company (name and domain) on an edit too, so all of it is sent.
  const send = async (values: Record<string, unknown>) => {
    try {
      await api('/api/companies', { method: 'POST', json: { ...values, id } });
    } catch (err) {
      if (err instanceof ApiError && (err.field('name') || err.field('domain')))
        form.setServerErrors({ name: err.field('name'), domain: err.field('domain') });
      else toast.failed(err);
      throw err; // the form stays unsaved (and asks before it is left)
    }
    toast.success(editing ? MSG.updatedOk : MSG.savedOk);
    void navigate('/companies');
  };

  return (
    <section className="page" style={{ maxWidth: 640 }}>
      <h1>{editing ? 'Edit Company' : 'Add New Company'}</h1>
      <form noValidate onSubmit={form.submit(send)}>
        <Field {...form.bind('name')} />
        <Field
          type="url"
          inputMode="url"
          hint="The firm's full web address, for example https://firm.example.com"
          {...form.bind('domain')}
        />
        <div style={{ display: 'flex', gap: '0.5rem' }}>
          <button type="submit" className="btn primary" disabled={form.submitting}>
            {editing ? 'Update' : 'Save'}
          </button>
          <Link className="btn" to="/companies">
            Back
          </Link>
        </div>
        {form.dialog}
      </form>
    </section>
  );
}
