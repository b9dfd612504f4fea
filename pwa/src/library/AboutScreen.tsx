import { useSettings } from '../shell/useSettings.tsx';
import { SafeHtml } from './SafeHtml.tsx';
import './library.css';

/** About (part 3 §2.12): the firm's own text and logo from its settings, public. */
export function AboutScreen() {
  const settings = useSettings();
  const name = settings?.site_name || 'eLawFirm';
  const logo = settings?.site_file_name
    ? `/storage/attachments/settings/1/${encodeURIComponent(settings.site_file_name)}`
    : '/icons/icon-192.png';
  return (
    <article className="page about-page">
      <h1>About {name}</h1>
      <img className="about-logo" src={logo} alt={`${name} logo`} width={96} height={96} />
      {settings?.login_page_content ? (
        <SafeHtml html={settings.login_page_content} />
      ) : (
        <p>
          {name} keeps a law firm&apos;s case files, hearings, documents and legal library on every
          lawyer&apos;s phone, readable in court with no signal.
        </p>
      )}
    </article>
  );
}
