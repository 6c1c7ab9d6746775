import { passwordChecks } from "@florist/contract/rules";

export interface ChecklistItem {
  key: string;
  label: string;
  met: boolean;
}

/** The live checklist of spec §5, from the same checks the server enforces. */
export function passwordChecklist(password: string): ChecklistItem[] {
  return passwordChecks.map((check) => ({ key: check.key, label: check.label, met: check.test(password) }));
}

export function meetsAllChecks(password: string): boolean {
  return passwordChecklist(password).every((item) => item.met);
}
