import { describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { answering } from './testing.js';

/** A client whose network answers every call with `data` (and a total), and keeps what was sent. */
function clientAnswering(data: unknown) {
  const { fetch, seen } = answering({ code: 200, msg: '', data, total: 0 });
  const api = createClient({ base: '/proxyserver', authorization: () => null, unauthorized: () => undefined, fetch });
  return { api, seen };
}

describe('the client’s one internal shape (issue 30)', () => {
  it('sends a list’s organisation, children flag and paging in the call’s own wire spelling', async () => {
    const { api, seen } = clientAnswering([]);
    await api.device.listDevices({
      search_type: undefined,
      key: 'x',
      holdId: 3,
      includeChildren: false,
      page: 2,
      pageSize: 50,
    });
    expect(seen[0]?.url).toBe('/proxyserver/api/DeviceInfo/SearchDeviceList');
    expect(seen[0]?.init.body).toBe('{"key":"x","HoldID":3,"ContainChildren":false,"PageIndex":2,"PageSize":50}');
  });

  it('writes holdId back as HoldID, hold_id or include_children as each call spells it', async () => {
    const { api, seen } = clientAnswering(null);
    await api.device.importSnList({ holdId: 4, SNList: 'A1' });
    expect(seen[0]?.init.body).toBe('{"HoldID":4,"SNList":"A1"}');
    await api.task.roadOptions({ holdId: 5 });
    expect(seen[1]?.url).toBe('/proxyserver/api/RoadTask/GetRoadOptions?hold_id=5');
    await api.role.listRoles({ holdId: 6, includeChildren: true, page: 1, pageSize: 25 });
    expect(seen[2]?.init.body).toBe('{"hold_id":6,"include_children":true,"PageIndex":1,"PageSize":25}');
  });

  it('types such a call’s input in the internal shape only', () => {
    const { api } = clientAnswering(null);
    // @ts-expect-error a caller never writes a wire spelling (it would go out as it is)
    void api.task.roadOptions({ hold_id: 5 });
  });

  it('writes a file link’s query string in the wire spelling', () => {
    const { api } = clientAnswering(null);
    expect(api.shift.rosterTemplate.url({ holdId: 7 })).toBe('/proxyserver/api/Roster/Template?hold_id=7');
    expect(api.shift.rosterTemplate.url({})).toBe('/proxyserver/api/Roster/Template');
  });

  it('leaves SaveHoldInfo’s hold_id, the edited organisation’s own id, as it is', async () => {
    const { api, seen } = clientAnswering(8);
    await api.hold.saveHold({ hold_id: 8, hold_name: '东区', parent_hold_id: 1 });
    expect(seen[0]?.init.body).toBe('{"hold_id":8,"hold_name":"东区","parent_hold_id":1}');
  });
});
