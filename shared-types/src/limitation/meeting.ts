/** The display name every participant has in the room (part 3 §2.14). */
export const MEETING_DISPLAY_NAME = 'eLawFirm';
export const MEETING_HEIGHT_PX = 700;

/**
 * The room's address for the frame, from the provider the admin configured (settings host_whereby_iframe or
 * public_whereby_iframe): a Whereby room is used as it is, with the display name fixed and picture-in-picture
 * off; any other address is a Jitsi Meet server (self-hosted or meet.jit.si), on which the user's meeting id
 * names the room. Null when none is configured or the address is not https.
 */
export function meetingRoomUrl(configured: string | null | undefined, meetingId: string): string | null {
  const base = configured?.trim();
  if (!base || !/^https:\/\//i.test(base) || !URL.canParse(base)) return null;
  const url = new URL(base);
  if (/(^|\.)whereby\.com$/i.test(url.hostname)) {
    url.searchParams.set('displayName', MEETING_DISPLAY_NAME);
    url.searchParams.set('pipButton', 'off');
    return url.toString();
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/eLawFirm-${meetingId}`;
  url.hash = `userInfo.displayName="${MEETING_DISPLAY_NAME}"&config.disableDeepLinking=true`;
  return url.toString();
}
