import { saveCardInput, saveDeviceInput } from '@guard-tour/contract';
import type { AppContext } from '../context.js';
import type { Scope } from '../features/scope.js';
import { saveCard } from '../features/card/card.service.js';
import { saveDevice } from '../features/device/device.service.js';
import { distanceMeters, northOf, type LatLng } from '../domain/position.js';
import type { DemoHoldIds } from './demo-holds.js';

/** Each department's patrol points: name and location. */
const POINTS: Record<string, [string, string][]> = {
  滨江花园保安部: [
    ['南大门岗亭', '小区南门入口'],
    ['北门车库入口', '北门地下车库坡道'],
    ['1号楼大堂', '1号楼一层'],
    ['2号楼大堂', '2号楼一层'],
    ['3号楼消防通道', '3号楼东侧'],
    ['4号楼天台', '4号楼顶层'],
    ['中心花园', '小区中央'],
    ['儿童乐园', '中心花园西侧'],
    ['游泳池', '会所南侧'],
    ['会所前台', '会所一层'],
    ['配电房', '地下一层B区'],
    ['水泵房', '地下一层C区'],
    ['垃圾分类站', '北门东侧'],
    ['东侧围墙', '东围墙中段'],
    ['西侧围墙', '西围墙中段'],
    ['监控中心', '物业楼二层'],
    ['物业服务中心', '物业楼一层'],
    ['快递柜', '南门西侧'],
    ['电梯机房', '5号楼顶层'],
    ['消防控制室', '物业楼一层东'],
    ['地下车库A区', '地下一层A区'],
    ['地下车库D区', '地下一层D区'],
    ['非机动车棚', '6号楼北侧'],
    ['商铺后巷', '沿街商铺背面'],
    ['东门岗亭', '小区东门'],
  ],
  科技园保安部: [
    ['园区正门', '科技大道入口'],
    ['A座大堂', 'A座一层'],
    ['B座大堂', 'B座一层'],
    ['C座数据中心', 'C座三层'],
    ['研发楼机房', '研发楼五层'],
    ['员工食堂', '生活区一层'],
    ['员工宿舍', '生活区二号楼'],
    ['停车场出口', '园区东侧'],
    ['停车场入口', '园区西侧'],
    ['危化品仓库', '园区北侧'],
    ['成品仓库', '物流区一号库'],
    ['装卸平台', '物流区南侧'],
    ['配电站', '园区东北角'],
    ['冷却塔', '研发楼楼顶'],
    ['消防水池', '园区西北角'],
    ['访客中心', '正门东侧'],
    ['健身房', '生活区三层'],
    ['会议中心', 'D座一层'],
    ['充电桩区', '停车场南侧'],
    ['后门岗亭', '园区北门'],
  ],
  东区巡逻队: [
    ['商业街入口', '东区商业街西口'],
    ['农贸市场', '东区菜场'],
    ['社区医院', '健康路12号'],
    ['东区小学', '学府路8号'],
    ['地铁站出口', '地铁3号线C口'],
    ['公交枢纽', '东区公交总站'],
    ['河滨步道', '滨河路北段'],
    ['体育公园', '体育路1号'],
    ['图书馆', '文化路6号'],
    ['社区服务中心', '民生路20号'],
    ['加油站', '东环路口'],
    ['银行网点', '商业街中段'],
    ['老旧小区', '幸福里3号'],
    ['工地围挡', '东环路在建工地'],
    ['夜市', '商业街东口'],
  ],
};

/**
 * Where each department's points are (SAFETY.md): a site's centre, the spacing of its points on a grid (five a row,
 * northwards and eastwards of the centre) and their radius — a housing estate's points close together with a tight
 * radius, a science park's wider, a street patrol's a few hundred metres apart with a loose one.
 */
const SITES: Record<string, { centre: LatLng; spacing: number; radius: number }> = {
  滨江花园保安部: { centre: { lat: 31.2397, lng: 121.4998 }, spacing: 60, radius: 30 },
  科技园保安部: { centre: { lat: 31.2041, lng: 121.6036 }, spacing: 90, radius: 50 },
  东区巡逻队: { centre: { lat: 31.2602, lng: 121.5301 }, spacing: 300, radius: 100 },
};

/** The position `north` and `east` metres from `from` (a flat step: a site is a few hundred metres across). */
export function offsetOf(from: LatLng, north: number, east: number): LatLng {
  const there = northOf(from, north);
  const metresPerDegree = distanceMeters({ lat: there.lat, lng: 0 }, { lat: there.lat, lng: 1 });
  return { lat: there.lat, lng: from.lng + east / metresPerDegree };
}

/** The n-th point of a department: its position on the site's grid and its radius. */
export function demoPlace(department: string, n: number): (LatLng & { radius: number }) | null {
  const site = SITES[department];
  if (!site) return null;
  const at = offsetOf(site.centre, Math.floor(n / 5) * site.spacing, (n % 5) * site.spacing);
  return { lat: Number(at.lat.toFixed(6)), lng: Number(at.lng.toFixed(6)), radius: site.radius };
}

/** How many terminals each department has. */
const DEVICES: Record<string, number> = { 滨江花园保安部: 8, 科技园保安部: 7, 东区巡逻队: 5 };

export interface DemoAssets {
  /** Department name → its point ids, in the order above. */
  points: Map<string, number[]>;
  /** Department name → its points' card numbers, in the same order. */
  cards: Map<string, string[]>;
  /** Department name → its devices. */
  devices: Map<string, { object_id: number; device_no: string }[]>;
}

/** The demo's 20 terminals and 60 patrol points (each with its position and radius), through the screens' services. */
export async function fillDemoAssets(ctx: AppContext, scope: Scope, ids: DemoHoldIds): Promise<DemoAssets> {
  const assets: DemoAssets = { points: new Map(), cards: new Map(), devices: new Map() };
  let deviceSerial = 101;
  let cardSerial = 1;
  for (const [department, points] of Object.entries(POINTS)) {
    const holdId = ids.holds.get(department)!;
    const pointIds: number[] = [];
    const cards: string[] = [];
    for (const [n, [name, location]] of points.entries()) {
      const sn = `0001A${String(cardSerial++).padStart(5, '0')}`;
      cards.push(sn);
      const input = saveCardInput.parse({
        patrol_id: 0,
        hold_id: holdId,
        patrol_sn: sn,
        patrol_name: name,
        location,
        remark: '',
        ...demoPlace(department, n),
      });
      pointIds.push((await saveCard(ctx, scope, input)).patrol_id);
    }
    assets.points.set(department, pointIds);
    assets.cards.set(department, cards);
    const devices: { object_id: number; device_no: string }[] = [];
    for (let i = 0; i < (DEVICES[department] ?? 0); i++) {
      const deviceNo = `865000000000${deviceSerial++}`;
      const input = saveDeviceInput.parse({
        object_id: 0,
        hold_id: holdId,
        device_no: deviceNo,
        object_name: `${department.slice(0, 2)}巡检机${i + 1}号`,
        object_type: 1,
        IMEI: deviceNo,
        SIM: `1440${deviceSerial}${String(i).padStart(7, '0')}`,
        ICCID: `8986001${deviceSerial}${String(i).padStart(10, '0')}`,
        remark: '',
      });
      devices.push({ object_id: (await saveDevice(ctx, scope, input)).object_id, device_no: deviceNo });
    }
    assets.devices.set(department, devices);
  }
  return assets;
}
