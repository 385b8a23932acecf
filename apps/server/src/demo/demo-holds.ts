import { BuiltinRole } from '@guard-tour/contract';
import type { AppContext } from '../context.js';
import type { Scope } from '../features/scope.js';
import { saveHold } from '../features/hold/hold.service.js';
import { saveAccount } from '../features/staff/staff.service.js';
import { DEMO_PASSWORD } from '../named-accounts.js';

/** Every demo account's password (printed at start). */

interface DemoHold {
  name: string;
  type: 2 | 3;
  admin: string;
  adminName: string;
  contacts: string;
  phone: string;
  /** Guards (account, name): 巡检员, walking the roads with the guard app. */
  guards: [string, string][];
  /** Other accounts and their built-in role, so the demo shows what each role sees (ROLES.md). */
  staff?: { user: string; name: string; roleId: number; remark: string }[];
  children?: DemoHold[];
}

const TENANT: DemoHold[] = [
  {
    name: '华安物业',
    type: 2,
    admin: 'huaan',
    adminName: '陈建国',
    contacts: '陈建国',
    phone: '021-62345678',
    guards: [],
    staff: [{ user: 'zhuguan', name: '马丽', roleId: BuiltinRole.supervisor, remark: '主管：查看与处理告警' }],
    children: [
      {
        name: '滨江花园保安部',
        type: 3,
        admin: 'binjiang',
        adminName: '刘海涛',
        contacts: '刘海涛',
        phone: '13801230001',
        guards: [
          ['zhangwei', '张伟'],
          ['wangqiang', '王强'],
          ['lijun', '李军'],
        ],
        staff: [{ user: 'kehu', name: '滨江花园业委会', roleId: BuiltinRole.readOnly, remark: '客户：只读查看报表' }],
      },
      {
        name: '科技园保安部',
        type: 3,
        admin: 'kejiyuan',
        adminName: '赵敏',
        contacts: '赵敏',
        phone: '13801230002',
        guards: [
          ['sunlei', '孙磊'],
          ['zhouyang', '周洋'],
        ],
      },
    ],
  },
  {
    name: '恒通安保',
    type: 2,
    admin: 'hengtong',
    adminName: '黄志强',
    contacts: '黄志强',
    phone: '0571-88776655',
    guards: [],
    children: [
      {
        name: '东区巡逻队',
        type: 3,
        admin: 'dongqu',
        adminName: '吴刚',
        contacts: '吴刚',
        phone: '13905710003',
        guards: [
          ['zhengkai', '郑凯'],
          ['hujing', '胡静'],
        ],
      },
    ],
  },
];

export interface DemoHoldIds {
  /** Organisation name → id. */
  holds: Map<string, number>;
  /** Account name → id. */
  accounts: Map<string, number>;
}

/** The demo tenant's organisations and accounts (DOMAIN.md, Demo data). */
export async function fillDemoHolds(ctx: AppContext, scope: Scope): Promise<DemoHoldIds> {
  const ids: DemoHoldIds = { holds: new Map(), accounts: new Map() };
  const add = async (entry: DemoHold, parentId: number): Promise<void> => {
    const { hold_id } = await saveHold(ctx, scope, {
      hold_id: 0,
      hold_name: entry.name,
      hold_type: entry.type,
      parent_hold_id: parentId,
      contacts: entry.contacts,
      phone: entry.phone,
      user_name: entry.admin,
      user_password: DEMO_PASSWORD,
      true_name: entry.adminName,
      vip_end_time: '',
      remark: '演示数据',
    });
    ids.holds.set(entry.name, hold_id);
    for (const [userName, trueName] of entry.guards) {
      const { user_id } = await saveAccount(ctx, scope, {
        user_id: 0,
        holdId: hold_id,
        user_name: userName,
        user_password: DEMO_PASSWORD,
        true_name: trueName,
        remark: '巡检员',
        role_id: BuiltinRole.guard,
      });
      ids.accounts.set(userName, user_id);
    }
    for (const person of entry.staff ?? []) {
      const { user_id } = await saveAccount(ctx, scope, {
        user_id: 0,
        holdId: hold_id,
        user_name: person.user,
        user_password: DEMO_PASSWORD,
        true_name: person.name,
        remark: person.remark,
        role_id: person.roleId,
      });
      ids.accounts.set(person.user, user_id);
    }
    for (const child of entry.children ?? []) await add(child, hold_id);
  };
  for (const entry of TENANT) await add(entry, scope.caller.holdId);
  return ids;
}
