import { passwordChecks } from "@florist/contract/rules";

export interface ChecklistItem {
  key: string;
  label: string;
  met: boolean;
}

/** The live password checklist, from the same checks the server enforces (docs/rules.md, Accounts). */
export function passwordChecklist(password: string): ChecklistItem[] {
  return passwordChecks.map((check) => ({ key: check.key, label: check.label, met: check.test(password) }));
}

export function meetsAllChecks(password: string): boolean {
  return passwordChecklist(password).every((item) => item.met);
}
