// Every synced entity declares itself in its feature folder; importing this module registers them all, in the
// order a first sync sends them (reference data before the rows that point at it).
import './entities.ts';
import '../settings/settings.entity.ts';
import '../users/users.entity.ts';
import '../contact-requests/contact-requests.entity.ts';
import '../case-files/case-files.entities.ts';
import './conflicts.ts';
