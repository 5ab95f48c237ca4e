import { describe, it, expect } from 'vitest';
import { MODULE, MODULE_IDS, PERMISSION_TEMPLATE_ALL_OFF, PERMISSION_TEMPLATE_ALL_ON } from './constants';
import type { ModulePermission } from './constants';
import { canRead, canWrite, isEnabled, readableModules, withModule } from './permissions';

describe('permissions', () => {
  it('the all-on template grants read, write and enable on every module; all-off grants none', () => {
    for (const module of MODULE_IDS) {
      expect([
        canRead(PERMISSION_TEMPLATE_ALL_ON, module),
        canWrite(PERMISSION_TEMPLATE_ALL_ON, module),
      ]).toEqual([true, true]);
      expect(isEnabled(PERMISSION_TEMPLATE_ALL_OFF, module)).toBe(false);
      expect(canRead(PERMISSION_TEMPLATE_ALL_OFF, module)).toBe(false);
    }
  });

  it('withModule overrides one module and leaves the template untouched', () => {
    const perms = withModule(PERMISSION_TEMPLATE_ALL_OFF, MODULE.SALE, { enable: true, is_readable: true });
    expect(canRead(perms, MODULE.SALE)).toBe(true);
    expect(canWrite(perms, MODULE.SALE)).toBe(false);
    expect(canRead(perms, MODULE.REPORT)).toBe(false);
    expect(canRead(PERMISSION_TEMPLATE_ALL_OFF, MODULE.SALE)).toBe(false);
    expect(perms).toHaveLength(PERMISSION_TEMPLATE_ALL_OFF.length);
  });

  it('withModule appends a module missing from the list, starting from all off', () => {
    const perms = withModule([], MODULE.REPORT, { enable: true, is_writable: true });
    expect(perms).toEqual([
      {
        module: MODULE.REPORT,
        is_readable: false,
        is_writable: true,
        enable: true,
        can_set_readable: false,
        can_set_writable: false,
        can_set_enable: false,
      },
    ]);
  });

  it('a disabled module grants nothing whatever its read and write flags', () => {
    const perms = withModule(PERMISSION_TEMPLATE_ALL_ON, MODULE.SMS, { enable: false });
    expect([isEnabled(perms, MODULE.SMS), canRead(perms, MODULE.SMS), canWrite(perms, MODULE.SMS)]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('a writable module is readable too', () => {
    const perms = withModule(PERMISSION_TEMPLATE_ALL_OFF, MODULE.CUSTOMER, {
      enable: true,
      is_writable: true,
    });
    expect(canRead(perms, MODULE.CUSTOMER)).toBe(true);
  });

  it('a module missing from the list is treated as all off', () => {
    const perms: ModulePermission[] = [];
    expect([
      isEnabled(perms, MODULE.SALE),
      canRead(perms, MODULE.SALE),
      canWrite(perms, MODULE.SALE),
    ]).toEqual([false, false, false]);
  });

  it('readableModules lists the modules a person may open, for the navigation menu', () => {
    const perms = withModule(
      withModule(PERMISSION_TEMPLATE_ALL_OFF, MODULE.DASHBOARD, { enable: true, is_readable: true }),
      MODULE.SALE,
      { enable: true, is_writable: true },
    );
    expect(readableModules(perms)).toEqual([MODULE.DASHBOARD, MODULE.SALE]);
  });
});
