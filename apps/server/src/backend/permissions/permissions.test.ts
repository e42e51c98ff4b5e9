import { Permission, Role } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { AppwriteError } from '../http/errors.js';
import { parseSchema } from '../schema/appwrite-schema.js';
import {
  collectionAllows,
  documentAllows,
  readRoles,
  readScope,
  resolveDocumentPermissions,
} from './authorization.js';
import { aggregatePermissions, parsePermission, PermissionSyntaxError, rolesGranted } from './permission.js';

const U1 = { userId: 'u1', roles: ['any', 'user:u1', 'users', 'user:u1/unverified', 'users/unverified'] };
const GUEST = { userId: null, roles: ['any', 'guests'] };

function failure(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppwriteError) return e.toJSON();
    throw e;
  }
  throw new Error('expected a failure');
}

describe('permission strings', () => {
  it('parses what the SDK helpers produce', () => {
    expect(parsePermission(Permission.read(Role.any()))).toEqual({ action: 'read', role: 'any' });
    expect(parsePermission(Permission.update(Role.user('abc', 'verified')))).toEqual({ action: 'update', role: 'user:abc/verified' });
    expect(parsePermission(Permission.write(Role.users()))).toEqual({ action: 'write', role: 'users' });
    expect(parsePermission(Permission.delete(Role.users('unverified')))).toEqual({ action: 'delete', role: 'users/unverified' });
    expect(parsePermission(Permission.create(Role.guests()))).toEqual({ action: 'create', role: 'guests' });
    expect(parsePermission(Permission.read(Role.team('t1', 'owner')))).toEqual({ action: 'read', role: 'team:t1/owner' });
    expect(parsePermission(Permission.read(Role.member('m1'))).role).toBe('member:m1');
    expect(parsePermission(Permission.read(Role.label('admin'))).role).toBe('label:admin');
  });

  it.each(['read(any)', 'read("any"', 'grant("any")', 'read("")', 'read("user:")', 'read("users/maybe")', 'read("everyone")'])(
    'refuses %s',
    (text) => {
      expect(() => parsePermission(text)).toThrow(PermissionSyntaxError);
    },
  );

  it('expands write to update+delete on documents and create+update+delete on collections', () => {
    const perms = [parsePermission('write("users")'), parsePermission('update("users")')];
    expect(aggregatePermissions(perms, 'document')).toEqual(['update("users")', 'delete("users")']);
    expect(aggregatePermissions(perms, 'collection')).toEqual(['create("users")', 'update("users")', 'delete("users")']);
  });

  it('lists the roles granted an action, counting write for update, delete and create', () => {
    const perms = ['read("any")', 'write("user:u1")', 'read("user:u2")', 'bogus'];
    expect(rolesGranted(perms, 'read')).toEqual(['any', 'user:u2']);
    expect(rolesGranted(perms, 'delete')).toEqual(['user:u1']);
  });
});

describe('document permissions on create and update', () => {
  it('defaults to read, update and delete for the creator', () => {
    expect(resolveDocumentPermissions(undefined, U1)).toEqual(['read("user:u1")', 'update("user:u1")', 'delete("user:u1")']);
  });

  it('accepts roles the caller holds and stores write expanded', () => {
    expect(resolveDocumentPermissions(['read("any")', 'write("user:u1")'], U1)).toEqual([
      'read("any")',
      'update("user:u1")',
      'delete("user:u1")',
    ]);
    expect(resolveDocumentPermissions([], U1)).toEqual([]);
  });

  it("refuses roles the caller does not hold with Appwrite's message", () => {
    expect(failure(() => resolveDocumentPermissions([Permission.read(Role.user('u2'))], U1))).toEqual({
      message: 'Permissions must be one of: (any, user:u1, users, user:u1/unverified, users/unverified)',
      code: 401,
      type: 'user_unauthorized',
      version: '1.9.6',
    });
    expect(failure(() => resolveDocumentPermissions(['read("users")'], GUEST)).code).toBe(401);
  });

  it('refuses create permissions, malformed strings and non-arrays with 400', () => {
    expect(failure(() => resolveDocumentPermissions(['create("user:u1")'], U1))).toMatchObject({
      code: 400,
      type: 'general_argument_invalid',
      message: expect.stringContaining('Permission "create" is not allowed on documents'),
    });
    expect(failure(() => resolveDocumentPermissions(['read(user:u1)'], U1)).code).toBe(400);
    expect(failure(() => resolveDocumentPermissions('read("any")', U1)).code).toBe(400);
    expect(failure(() => resolveDocumentPermissions([1], U1)).code).toBe(400);
  });
});

describe('collection and document rules', () => {
  const schema = parseSchema({
    projectId: 'p',
    databases: [{ $id: 'db', name: 'db' }],
    collections: [
      { $id: 'Mine', databaseId: 'db', name: 'Mine', $permissions: ['create("users")'], documentSecurity: true, attributes: [] },
      { $id: 'Public', databaseId: 'db', name: 'Public', $permissions: ['read("any")'], documentSecurity: false, attributes: [] },
      { $id: 'Closed', databaseId: 'db', name: 'Closed', $permissions: [], documentSecurity: false, attributes: [] },
    ],
  });
  const mine = schema.collection('db', 'Mine')!;
  const pub = schema.collection('db', 'Public')!;
  const closed = schema.collection('db', 'Closed')!;
  const doc = ['read("user:u1")', 'update("user:u1")', 'delete("user:u1")'];

  it('lets signed-in users create where the collection says users, and nobody else', () => {
    expect(collectionAllows(mine, 'create', U1.roles)).toBe(true);
    expect(collectionAllows(mine, 'create', GUEST.roles)).toBe(false);
    expect(collectionAllows(pub, 'create', U1.roles)).toBe(false);
  });

  it('grants document access from document permissions only with documentSecurity', () => {
    expect(documentAllows(mine, doc, 'read', U1.roles)).toBe(true);
    expect(documentAllows(mine, doc, 'update', ['any', 'user:u2', 'users'])).toBe(false);
    expect(documentAllows(closed, doc, 'read', U1.roles)).toBe(false);
    expect(documentAllows(pub, [], 'read', GUEST.roles)).toBe(true);
    expect(documentAllows(pub, ['update("any")'], 'update', U1.roles)).toBe(false);
  });

  it('filters lists by document permissions, or refuses them without any way to read', () => {
    expect(readScope(pub, GUEST.roles)).toBe('all');
    expect(readScope(mine, U1.roles)).toBe('documents');
    expect(failure(() => readScope(closed, U1.roles))).toMatchObject({ code: 401, type: 'user_unauthorized' });
  });

  it('gives realtime the roles that may read a document', () => {
    expect(readRoles(mine, doc)).toEqual(['user:u1']);
    expect(readRoles(pub, doc)).toEqual(['any']);
  });
});
