import { useCallback, useMemo, useRef, useState } from 'react';
import type { TPartySide } from '@lawfirm/shared-types/court-day/conflict-check.ts';
import { ConfirmDialog } from '../feedback/Modal.tsx';
import { useUsers } from '../case-files/useCaseFiles.ts';
import { caseConflictWarnings } from './caseConflicts.logic.ts';
import { useConflictIndex } from './useConflictIndex.ts';
import { useSameCnicOfPeople } from './useSameCnic.ts';
import { can } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import './conflicts.css';

type TTypedParty = { name: string; user_id?: string | null };

/** The warnings for the parties on the case form, as they are typed (empty while the index loads). */
export function useCaseConflicts(
  sides: Record<TPartySide, readonly TTypedParty[]>,
  exceptCaseId: string | null,
): string[] {
  const built = useConflictIndex();
  const users = useUsers();
  const { petitioner, opponent } = sides;
  // People's CNICs reach only admins' devices: elsewhere the server says who shares a linked person's CNIC.
  const seesCnics = can(useAuth().actor, 'users.manage');
  const linked = useMemo(
    () => [...petitioner, ...opponent].flatMap((p) => (p.user_id ? [p.user_id] : [])),
    [petitioner, opponent],
  );
  const sameCnic = useSameCnicOfPeople(linked, !seesCnics);
  return useMemo(
    () =>
      built && users
        ? caseConflictWarnings(
            built.index,
            { petitioner, opponent },
            users.filter((u) => !u.deleted_at),
            exceptCaseId,
            sameCnic,
          )
        : [],
    [built, users, petitioner, opponent, exceptCaseId, sameCnic],
  );
}

/** Shown under the parties: each "Possible conflict: … is the opponent in …" as it is found. */
export function ConflictWarnings({ warnings }: { warnings: readonly string[] }) {
  if (!warnings.length) return null;
  return (
    <div className="conflict-warnings" role="alert">
      {warnings.map((w) => (
        <p key={w}>{w}</p>
      ))}
    </div>
  );
}

/**
 * Before a case with possible conflicts is saved: the user acknowledges ("Save Anyway") or cancels. `confirm`
 * answers true at once when there is nothing to acknowledge. Render `dialog` once.
 */
export function useConflictGate(warnings: readonly string[]) {
  const [asking, setAsking] = useState(false);
  const answer = useRef<((ok: boolean) => void) | null>(null);
  const confirm = useCallback(
    () =>
      warnings.length
        ? new Promise<boolean>((resolve) => {
            answer.current = resolve;
            setAsking(true);
          })
        : Promise.resolve(true),
    [warnings],
  );
  const close = (ok: boolean) => {
    setAsking(false);
    answer.current?.(ok);
    answer.current = null;
  };
  const dialog = (
    <ConfirmDialog
      open={asking}
      message="Save this case despite a possible conflict?"
      detail={warnings.join('\n')}
      confirmLabel="Save Anyway"
      cancelLabel="Cancel"
      onConfirm={() => close(true)}
      onCancel={() => close(false)}
    />
  );
  return { confirm, dialog };
}
