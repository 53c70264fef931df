import { describe, expect, it } from 'vitest';
import { roleAllows } from './clinic-roles.ts';

describe('clinic roles', () => {
  it('gives staff videos and feedback only', () => {
    expect(roleAllows('staff', { video: 'create' })).toBe(true);
    expect(roleAllows('staff', { video: 'read' })).toBe(true);
    expect(roleAllows('staff', { feedback: 'create' })).toBe(true);
    expect(roleAllows('staff', { apiKey: 'read' })).toBe(false);
    expect(roleAllows('staff', { billing: 'manage' })).toBe(false);
    expect(roleAllows('staff', { invitation: 'create' })).toBe(false);
  });

  it('gives admins members, keys, webhooks and brand but not billing or the clinic itself', () => {
    expect(roleAllows('admin', { invitation: 'create' })).toBe(true);
    expect(roleAllows('admin', { apiKey: 'create' })).toBe(true);
    expect(roleAllows('admin', { webhook: 'rotate' })).toBe(true);
    expect(roleAllows('admin', { brand: 'update' })).toBe(true);
    expect(roleAllows('admin', { billing: 'manage' })).toBe(false);
    expect(roleAllows('admin', { clinic: 'transfer' })).toBe(false);
    expect(roleAllows('admin', { organization: 'delete' })).toBe(false);
  });

  it('gives the owner everything', () => {
    expect(roleAllows('owner', { billing: 'manage' })).toBe(true);
    expect(roleAllows('owner', { clinic: 'transfer' })).toBe(true);
    expect(roleAllows('owner', { auditLog: 'read' })).toBe(true);
    expect(roleAllows('owner', { member: 'delete' })).toBe(true);
  });

  it('gives an unknown role nothing', () => {
    expect(roleAllows('member', { video: 'read' })).toBe(false);
    expect(roleAllows('__proto__', { video: 'read' })).toBe(false);
  });
});
