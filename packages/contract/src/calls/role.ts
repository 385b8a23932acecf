import { z } from 'zod';
import { area, call, done, list } from '../call.js';
import { savedId } from '../common.js';
import { permissionEntry } from '../permissions.js';
import {
  removeRoleInput,
  roleDetailQuery,
  roleListInput,
  roleOption,
  roleOptionsQuery,
  roleRow,
  saveRoleInput,
} from '../role.js';

export const roleCalls = area('角色', {
  permissions: call('GET', '/api/Role/Permissions', {
    summary: '权限目录（按菜单顺序）',
    permission: 'session',
    output: z.array(permissionEntry),
  }),
  listRoles: list('POST', '/api/Role/List', {
    summary: '角色列表（内置角色在前）',
    permission: 'role.view',
    input: roleListInput,
    row: roleRow,
  }),
  roleOptions: call('GET', '/api/Role/Options', {
    summary: '可分配给该组织账号的角色',
    permission: ['role.view', 'staff.edit'],
    input: roleOptionsQuery,
    output: z.array(roleOption),
  }),
  roleDetail: call('GET', '/api/Role/Detail', {
    summary: '角色详情',
    permission: 'role.view',
    input: roleDetailQuery,
    output: roleRow,
  }),
  saveRole: call('POST', '/api/Role/Save', {
    summary: '新增或修改自定义角色',
    permission: 'role.edit',
    input: saveRoleInput,
    output: savedId('role_id'),
  }),
  removeRoles: call('POST', '/api/Role/Remove', {
    summary: '删除自定义角色（全部或全不）',
    permission: 'role.edit',
    input: removeRoleInput,
    output: done,
  }),
});
