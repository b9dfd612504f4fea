import { v7 } from 'uuid';

export const newId = (): string => v7();
export const nowIso = (): string => new Date().toISOString();
export const toBool = (v: number | boolean | null | undefined): boolean => v === 1 || v === true;
export const toInt = (v: boolean): number => (v ? 1 : 0);
