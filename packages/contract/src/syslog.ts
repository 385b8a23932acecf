/** Log types (API.md): `log_type` and its Chinese `log_type_text`. */
export const LogType = {
  login: 1,
  create: 3,
  update: 4,
  remove: 5,
  import: 6,
  export: 7,
  allocate: 8,
  close: 9,
  changePassword: 10,
} as const;
export type LogType = (typeof LogType)[keyof typeof LogType];

export const LOG_TYPE_TEXT: Record<LogType, string> = {
  1: '登录',
  3: '新增',
  4: '修改',
  5: '删除',
  6: '导入',
  7: '导出',
  8: '分配',
  9: '关闭',
  10: '修改密码',
};
