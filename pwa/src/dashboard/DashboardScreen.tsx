import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { tilesFor, type TTile } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { Icon, type IconName } from '../landing/icons.tsx';
import { useSettings } from '../shell/useSettings.tsx';
import { FirmSetupLead } from '../settings/FirmSetupLead.tsx';
import { Modal } from '../feedback/Modal.tsx';
import { DashboardCauseLists, HearingsBanner } from '../calendar/HearingsBanner.tsx';
import { whenSettled } from '../browser/whenIdle.ts';
import { mark } from '../browser/marks.ts';
import { UnrecordedWarning } from '../calendar/TodayHearings.tsx';

/**
 * The tiles a lawyer opens most from here (in court: the case files and tomorrow's hearings): their screens'
 * code is loaded once the dashboard has settled (no long task for a while, then an idle moment), so the tap
 * opens them at once without the loading competing with the dashboard's own start. Any tile's screen also
 * starts loading as soon as a finger or a pointer reaches it, or the keyboard's focus does.
 */
const PRELOADED_TILES: readonly string[] = ['case-files', 'calendar'];

/**
 * Loads the code of the screen at a path, or null for none: handed in by the app's route table (routes.tsx),
 * which knows the screens.
 */
export type TLoadScreen = (path: string) => Promise<unknown> | null;

/** Loads a tile's screen code ahead of the tap; settles either way (the tap loads it again if this failed). */
const loadAhead = (load: TLoadScreen, path: string): Promise<unknown> =>
  load(path)?.catch(() => undefined) ?? Promise.resolve();

const TILE_ICONS: Record<string, IconName> = {
  calendar: 'calendar',
  'case-files': 'folder',
  contracts: 'signature',
  pleadings: 'pen',
  faq: 'help',
  limitation: 'calculator',
  corporate: 'briefcase',
  transaction: 'card',
  'service-rules': 'book',
  accounts: 'card',
  links: 'link',
  'fir-reader': 'search',
  'criminal-guru': 'alert',
  'e-signature': 'signature',
  'law-games': 'award',
  'ai-research': 'cpu',
  others: 'grid',
};

/** The action inside the heading: a link, a new-tab link, the Forbidden button, or plain text. */
function Action({
  tile,
  forbidden,
  onForbidden,
  loadScreen,
}: {
  tile: TTile;
  forbidden: boolean;
  onForbidden: () => void;
  loadScreen: TLoadScreen;
}) {
  if (forbidden)
    return (
      <button type="button" className="stretched" onClick={onForbidden}>
        {tile.title}
      </button>
    );
  if (tile.comingSoon) return <>{tile.title}</>;
  if (tile.external)
    return (
      <a
        className="stretched"
        href={tile.to}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={`tile-${tile.key}-ext`}
      >
        {tile.title}
      </a>
    );
  const preload = () => void loadAhead(loadScreen, tile.to);
  return (
    <Link
      className="stretched"
      to={tile.to}
      onPointerDown={preload}
      onPointerEnter={preload}
      onFocus={preload}
    >
      {tile.title}
    </Link>
  );
}

/** A card whose heading's link or button covers the whole card: one target, named by the heading. */
function Tile(props: { tile: TTile; forbidden: boolean; onForbidden: () => void; loadScreen: TLoadScreen }) {
  const { tile, forbidden } = props;
  return (
    <li className={`tile${tile.comingSoon && !forbidden ? ' soon' : ''}`}>
      <span className="tile-icon">
        <Icon name={TILE_ICONS[tile.key] ?? 'grid'} size={28} />
      </span>
      <h2>
        <Action {...props} />
      </h2>
      {tile.comingSoon && <span className="badge warn">Coming Soon</span>}
      {/* Outside the heading, so the heading stays exactly the tile's title. */}
      {tile.external && !forbidden && (
        <span className="badge" id={`tile-${tile.key}-ext`}>
          External site
        </span>
      )}
    </li>
  );
}

function ForbiddenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const phone = useSettings()?.site_phone;
  return (
    <Modal
      open={open}
      title="Forbidden: This module is not available in the Student Version"
      onClose={onClose}
    >
      {phone ? (
        <p>
          To use this module, please contact us at <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
          .
        </p>
      ) : (
        <p>To use this module, please contact us.</p>
      )}
    </Modal>
  );
}

function PreloadTiles({ tiles, loadScreen }: { tiles: readonly TTile[]; loadScreen: TLoadScreen }) {
  const paths = tiles.filter((t) => PRELOADED_TILES.includes(t.key) && !t.external).map((t) => t.to);
  const key = paths.join(' ');
  useEffect(
    () =>
      whenSettled(() => {
        mark('idle-preload');
        void Promise.all(key.split(' ').map((p) => loadAhead(loadScreen, p))).then(() => mark('preloaded'));
      }),
    [key, loadScreen],
  );
  return null;
}

export function DashboardScreen({ loadScreen }: { loadScreen: TLoadScreen }) {
  const { user, actor } = useAuth();
  const [forbiddenOpen, setForbiddenOpen] = useState(false);
  if (!user || !actor) return <p className="page">Authenticating....</p>;
  const tiles = tilesFor(actor);
  return (
    <section className="page dashboard" aria-labelledby="dashboard-title">
      <PreloadTiles tiles={tiles} loadScreen={loadScreen} />
      <h1 id="dashboard-title">Dashboard</h1>
      <FirmSetupLead />
      <HearingsBanner />
      <UnrecordedWarning />
      <ul className="tiles">
        {tiles.map((t) => (
          <Tile
            key={t.key}
            tile={t}
            forbidden={actor.is_student && !!t.forbiddenForStudent}
            onForbidden={() => setForbiddenOpen(true)}
            loadScreen={loadScreen}
          />
        ))}
      </ul>
      <DashboardCauseLists />
      <ForbiddenDialog open={forbiddenOpen} onClose={() => setForbiddenOpen(false)} />
    </section>
  );
}
