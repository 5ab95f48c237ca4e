/**
 * Reading and building the per-module permission lists of the login session (docs/roles.md#modules-and-flags:
 * modules 1-14, each with is_readable, is_writable, enable and the can_set_* flags; templates all off and all
 * on). A module missing from a list is treated as all off: a session never gains access by omission.
 */
import { ROLE } from './constants';
import type { ModuleId, ModulePermission, Role } from './constants';

export type ModuleFlags = Partial<Omit<ModulePermission, 'module'>>;

function entry(perms: readonly ModulePermission[], module: ModuleId): ModulePermission | undefined {
  return perms.find((p) => p.module === module);
}

/** A module switched off for the store grants nothing, whatever its read and write flags say. */
export function isEnabled(perms: readonly ModulePermission[], module: ModuleId): boolean {
  return entry(perms, module)?.enable === true;
}

/** WHY: a writable module is readable too; nobody can be asked to edit what they are not allowed to see. */
export function canRead(perms: readonly ModulePermission[], module: ModuleId): boolean {
  const p = entry(perms, module);
  return p !== undefined && p.enable && (p.is_readable || p.is_writable);
}

export function canWrite(perms: readonly ModulePermission[], module: ModuleId): boolean {
  const p = entry(perms, module);
  return p !== undefined && p.enable && p.is_writable;
}

/** The modules a person may open, in list order: what the navigation menu filters on (docs/roles.md#screens-layouts-and-the-menu). */
export function readableModules(perms: readonly ModulePermission[]): ModuleId[] {
  return perms.filter((p) => canRead(perms, p.module)).map((p) => p.module);
}

/**
 * A copy of `template` with `module`'s flags overridden (appended from all-off when the template lacks it),
 * e.g. withModule(PERMISSION_TEMPLATE_ALL_OFF, MODULE.SALE, { enable: true, is_readable: true }).
 */
export function withModule(
  template: readonly ModulePermission[],
  module: ModuleId,
  flags: ModuleFlags,
): ModulePermission[] {
  const found = template.some((p) => p.module === module);
  const updated = template.map((p) => (p.module === module ? { ...p, ...flags, module } : { ...p }));
  if (found) return updated;
  return [
    ...updated,
    {
      module,
      is_readable: false,
      is_writable: false,
      enable: false,
      can_set_readable: false,
      can_set_writable: false,
      can_set_enable: false,
      ...flags,
    },
  ];
}

/**
 * Who may approve with a PIN (a manager discount, refund, void, remove, clear trash):
 * docs/roles.md#pin-approvals "managers refund and void with a PIN"; owners and admins stand above managers
 * (docs/roles.md roles).
 */
export function canApproveWithPin(role: Role): boolean {
  return role === ROLE.OWNER || role === ROLE.ADMIN || role === ROLE.MANAGER;
}
