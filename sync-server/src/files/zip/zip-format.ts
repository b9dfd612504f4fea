/**
 * The numbers of the zip format (APPNOTE.TXT 6.3) that the writer and the reader beside it share: record
 * signatures, the "see the ZIP64 field" values, and the MS-DOS time zip headers carry.
 */

export const LOCAL_SIG = 0x04034b50;
export const DESCRIPTOR_SIG = 0x08074b50;
export const CENTRAL_SIG = 0x02014b50;
export const EOCD64_SIG = 0x06064b50;
export const EOCD64_LOCATOR_SIG = 0x07064b50;
export const EOCD_SIG = 0x06054b50;
/** The id of the ZIP64 extended information extra field. */
export const ZIP64_EXTRA = 0x0001;
/** A 32-bit size or offset field holding this (a 16-bit count holding U16_MAX) means "see ZIP64". */
export const U32_MAX = 0xffffffff;
export const U16_MAX = 0xffff;
export const STORE = 0;
export const DEFLATE = 8;

/** MS-DOS date and time (local time, two-second steps) as zip headers carry them; clamped to 1980…2107. */
export function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}
