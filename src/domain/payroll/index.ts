/** Payroll rules (docs/payroll.md): pure functions the server's payroll endpoints and screens share. */
export * from './types';
export * from './periods';
export * from './tiers';
export * from './shares';
export * from './commission';
export * from './tips';
export * from './pay';
export * from './statement';
