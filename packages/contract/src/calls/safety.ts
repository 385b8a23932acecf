import { area, call, done } from '../call.js';
import { respondAlertInput } from '../alert.js';
import {
  checkInAnswer,
  checkInInput,
  checkInPlan,
  learnPositionInput,
  learnedPosition,
  sosAnswer,
  sosInput,
  sosStateAnswer,
  sosStateQuery,
} from '../safety.js';

/** SAFETY.md's calls: the guard's SOS and check-ins (app sessions), 已响应 in the console, a point's learnt position. */
export const safetyCalls = area('安全', {
  sos: call('POST', '/api/Terminal/Sos', {
    permission: 'app.use',
    summary: '一键求助：立即产生紧急求助告警（按 sos_id 幂等，未关闭时再按累加到同一告警）',
    input: sosInput,
    output: sosAnswer,
  }),
  sosState: call('GET', '/api/Terminal/SosState', {
    permission: 'app.use',
    summary: '本账号求助的状态：0 未响应、1 已响应、2 已处理',
    input: sosStateQuery,
    output: sosStateAnswer,
  }),
  checkIn: call('POST', '/api/Terminal/CheckIn', {
    permission: 'app.use',
    summary: '报平安（我很安全），答下一次应报的时间',
    input: checkInInput,
    output: checkInAnswer,
  }),
  /** Not pinned by SAFETY.md: what the app needs to prompt 报平安 before the first check-in answers next_due. */
  checkInPlan: call('GET', '/api/Terminal/CheckInPlan', {
    permission: 'app.use',
    summary: '本账号所在企业的报平安设置（是否开启、间隔、宽限）',
    output: checkInPlan,
  }),
  respond: call('POST', '/api/Alert/Respond', {
    permission: 'alert.handle',
    summary: '响应紧急求助（已响应，记录响应人与时间）',
    input: respondAlertInput,
    output: done,
  }),
  learnPosition: call('POST', '/api/PatrolCard/LearnPosition', {
    permission: 'card.edit',
    summary: '从打卡学习巡检点位置：最近20次精度≤50米的手机打卡的中位位置',
    input: learnPositionInput,
    output: learnedPosition,
  }),
});
