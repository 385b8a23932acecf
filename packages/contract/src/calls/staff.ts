import { z } from 'zod';
import { area, call, done, list } from '../call.js';
import { savedId } from '../common.js';
import { saveAccountInput } from '../hold.js';
import {
  accountOption,
  accountOptionsQuery,
  removeUserInput,
  staffDetailQuery,
  staffListInput,
  staffRow,
} from '../staff.js';

export const staffCalls = area('账号', {
  listStaff: list('POST', '/api/StaffInfo/SearchList', {
    permission: 'staff.view',
    summary: '账号列表',
    input: staffListInput,
    row: staffRow,
  }),
  staffDetail: call('GET', '/api/StaffInfo/Detail', {
    permission: 'staff.view',
    summary: '账号详情',
    input: staffDetailQuery,
    output: staffRow,
  }),
  accountOptions: call('GET', '/api/StaffInfo/GetAccountOptions', {
    permission: ['staff.view', 'record.view', 'road.view'],
    summary: '账号选项',
    input: accountOptionsQuery,
    output: z.array(accountOption),
  }),
  removeUsers: call('POST', '/api/StaffInfo/RemoveUser', {
    permission: 'staff.edit',
    summary: '删除账号',
    input: removeUserInput,
    output: done,
  }),
  /** The old API names this call under HoldInfo; it saves an account, so it lives with the accounts. */
  saveAccount: call('POST', '/api/HoldInfo/SaveAccount', {
    permission: 'staff.edit',
    summary: '新增或修改账号',
    input: saveAccountInput,
    output: savedId('user_id'),
  }),
});
