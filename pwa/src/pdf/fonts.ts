import type { TScriptFont } from '@lawfirm/shared-types/pdf/types.ts';
// `?url` makes each font a hashed file of the build, so the service worker precaches it with the app shell
// and a PDF can be made with no network (the precache glob includes ttf, vite.config.ts).
import latinUrl from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?url';
import arabicUrl from '@expo-google-fonts/noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf?url';

const URLS: Record<TScriptFont, string> = { latin: latinUrl, arabic: arabicUrl };
const loaded = new Map<TScriptFont, Promise<Uint8Array>>();

/** The PDF fonts (DESIGN §6), fetched once per page load: from the precache offline, the server online. */
export function pdfFontBytes(font: TScriptFont): Promise<Uint8Array> {
  let bytes = loaded.get(font);
  if (!bytes) {
    bytes = fetch(URLS[font]).then(async (res) => {
      if (!res.ok) throw new Error('The PDF font could not be loaded. Open the app once while online.');
      return new Uint8Array(await res.arrayBuffer());
    });
    // A failed fetch is not remembered: the next download tries again.
    bytes.catch(() => loaded.delete(font));
    loaded.set(font, bytes);
  }
  return bytes;
}
