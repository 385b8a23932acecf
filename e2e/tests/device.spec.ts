import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, callApi, createHold, login, rowWith, searchList, treeNode, unique } from './support.js';

const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/src/features/device/fixtures/devices-libreoffice.xlsx',
);
/** The devices the fixture's good rows create (its README). */
const FIXTURE_NUMBERS = ['866000000000101', 'SN-XB-02', 'SN-FXB', 'SN-EXIST-XB'];

/** A device number no other test (or earlier run on this database) has used: upper case, letters and digits. */
function uniqueNumber(prefix: string): string {
  return unique(prefix).toUpperCase();
}

/** Picks what the keyword matches, then queries. */
async function searchBy(page: Page, type: string, keyword: string): Promise<void> {
  const select = page.getByRole('search').getByRole('combobox', { name: '查询类型' });
  await select.click();
  // antd draws the visible choices outside its hidden listbox, each with its text as title (last: the drop-down).
  await page.getByTitle(type, { exact: true }).last().click();
  await expect(select.locator('xpath=..')).toContainText(type);
  await searchList(page, '关键字', keyword);
}

async function addDeviceByApi(page: Page, token: string, deviceNo: string, name: string, holdId = 1) {
  await callApi(page, token, '/DeviceInfo/SaveDeviceInfo', {
    object_id: 0,
    hold_id: holdId,
    device_no: deviceNo,
    object_type: 1,
    object_name: name,
  });
}

/** Data rows of the device table (the header row left out). */
function dataRows(page: Page) {
  return page.getByRole('table', { name: '设备列表' }).locator('tbody').getByRole('row');
}

test.describe('devices', () => {
  test('an admin adds a device, finds it by each search type, edits and deletes it', async ({ page }) => {
    const number = uniqueNumber('sn');
    const name = unique('东门终端');
    const sim = `138${Date.now().toString().slice(-8)}`;
    const iccid = `8986${Date.now()}`;
    await login(page);
    await page.goto('/device/manage');
    await expect(page.getByRole('columnheader').filter({ hasText: /./ })).toHaveText([
      'IMEI/SN',
      '设备名称',
      '所属组织',
      '最后上传',
      '备注',
      '录入时间',
      '操作',
    ]);

    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增设备' });
    await expect(dialog.getByText('运营商', { exact: true })).toBeVisible();
    await expect(dialog.getByText('T80', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('请输入设备IMEI/SN')).toBeVisible();

    await dialog.getByLabel('IMEI/SN').fill(number);
    await dialog.getByLabel('设备名称').fill(name);
    await dialog.getByLabel('SIM').fill(sim);
    await dialog.getByLabel('ICCID').fill(iccid);
    await dialog.getByLabel('备注').fill('东门岗亭');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('恭喜你，提交成功！')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The same number again is refused by the server, which names it.
    await page.getByRole('button', { name: '新增' }).click();
    const again = page.getByRole('dialog', { name: '新增设备' });
    await again.getByLabel('IMEI/SN').fill(number.toLowerCase());
    await again.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText(`设备IMEI/SN已存在：${number}`)).toBeVisible();
    await again.getByRole('button', { name: '取消' }).click();

    for (const [type, keyword] of [
      ['IMEI/SN', number],
      ['设备名称', name],
      ['IMEI', number.slice(2)],
      ['SIM', sim],
      ['ICCID', iccid],
    ] as const) {
      await searchBy(page, type, keyword);
      await expect(dataRows(page)).toHaveCount(1);
      await expect(rowWith(page, number)).toContainText(name);
    }
    const row = rowWith(page, number);
    await expect(row).toContainText('运营商');
    await expect(row).toContainText('东门岗亭');
    // Never uploaded: a dash, not "undefined".
    await expect(row.getByRole('cell', { name: '—', exact: true })).toHaveCount(1);
    // A keyword of another type finds nothing, and says so in Chinese.
    await searchBy(page, 'SIM', number);
    await expect(page.getByText('暂无数据').filter({ visible: true })).toBeVisible();

    await searchBy(page, 'IMEI/SN', number);
    await rowWith(page, number).getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑设备' });
    await expect(edit.getByLabel('IMEI/SN')).toHaveValue(number);
    await expect(edit.getByLabel('SIM')).toHaveValue(sim);
    await edit.getByLabel('设备名称').fill(`${name}改`);
    await edit.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('恭喜你，提交成功！').first()).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(rowWith(page, number)).toContainText(`${name}改`);

    await rowWith(page, number).getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog', { name: '提示' });
    await expect(confirm).toContainText('此操作将删除该设备信息, 是否继续?');
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('已删除！')).toBeVisible();
    await expect(rowWith(page, number)).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('undefined');
  });

  test('an SN list imports the good SNs and lists the repeated, existing and malformed ones', async ({ page }) => {
    const [first, second, existing] = [uniqueNumber('ia'), uniqueNumber('ib'), uniqueNumber('ic')];
    await addDeviceByApi(page, await apiToken(page), existing, '已有终端');
    await login(page);
    await page.goto('/device/manage');
    await page.getByRole('button', { name: '导入' }).click();
    const dialog = page.getByRole('dialog', { name: '导入设备' });
    await expect(dialog.getByRole('tab', { name: '批量输入' })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByRole('button', { name: '导入' }).click();
    await expect(page.getByText('请输入SN列表')).toBeVisible();

    await dialog.getByLabel('SN列表').fill(`${first}\n${second},${first}\n\n ${existing} \n86 000,`);
    await expect(dialog.getByText('共 5 个SN')).toBeVisible();
    await dialog.getByRole('button', { name: '导入' }).click();
    const result = dialog.getByRole('region', { name: '导入结果' });
    await expect(result).toContainText('成功导入 2 台');
    const failures = result.getByRole('table', { name: '导入失败明细' });
    await expect(failures.getByRole('row').filter({ hasText: first })).toContainText('重复');
    await expect(failures.getByRole('row').filter({ hasText: existing })).toContainText('已存在');
    await expect(failures.getByRole('row').filter({ hasText: '86 000' })).toContainText('格式不正确');
    await dialog.getByRole('button', { name: '关闭' }).last().click(); // the footer's, not the corner ×

    // Each new SN is a T80 named after its SN, in the organisation picked in the tree.
    await searchList(page, '关键字', first);
    await expect(rowWith(page, first)).toContainText('运营商');
    await searchList(page, '关键字', second);
    await expect(dataRows(page)).toHaveCount(1);
  });

  test('a spreadsheet saved by LibreOffice is uploaded and imported into the picked organisation', async ({ page }) => {
    const token = await apiToken(page);
    const enterprise = unique('导入物业');
    await createHold(page, token, { name: enterprise, account: unique('dr') });
    // The fixture's numbers are fixed: devices left by an earlier run on this database go first.
    for (const number of FIXTURE_NUMBERS) {
      const found = await callApi<{ object_id: number; device_no: string }[]>(
        page,
        token,
        '/DeviceInfo/SearchDeviceList',
        { search_type: 'device_no', key: number, PageIndex: 1, PageSize: 25 },
      );
      const ids = found.filter((device) => device.device_no === number).map((device) => device.object_id);
      if (ids.length) await callApi(page, token, '/DeviceInfo/RemoveDevice', { object_ids: ids });
    }

    await login(page);
    await page.goto('/device/manage');
    await treeNode(page, enterprise).click();
    await expect(page.getByText('暂无数据').filter({ visible: true })).toBeVisible();
    await page.getByRole('button', { name: '导入' }).click();
    const dialog = page.getByRole('dialog', { name: '导入设备' });
    await expect(dialog.getByRole('combobox', { name: '导入到组织' }).locator('xpath=../..')).toContainText(enterprise);
    await dialog.getByRole('tab', { name: '导入文件' }).click();

    const template = dialog.getByRole('link', { name: '下载导入模板' });
    const href = await template.getAttribute('href');
    expect(href).toBe('/proxyserver/api/file/download_template?name=device_import');
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toContain('spreadsheetml');

    await dialog.getByRole('button', { name: '导入' }).click();
    await expect(page.getByText('请先上传文件！')).toBeVisible();

    const input = dialog.locator('input[type=file]');
    await input.setInputFiles({ name: 'devices.csv', mimeType: 'text/csv', buffer: Buffer.from('IMEI/SN\n860001\n') });
    await expect(page.getByText('只能上传xlsx/xls文件', { exact: true })).toBeVisible();
    await expect(dialog.getByText('devices.csv')).toHaveCount(0);

    // A slow line: 导入 is pressed while the file still uploads, and the import waits for the upload.
    await page.route('**/api/UploadFiles/action', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await input.setInputFiles(FIXTURE);
    await expect(dialog.getByText('devices-libreoffice.xlsx')).toBeVisible();
    await dialog.getByRole('button', { name: '导入' }).click();
    const result = dialog.getByRole('region', { name: '导入结果' });
    await expect(result).toContainText('成功导入 4 台');
    const failures = result.getByRole('table', { name: '导入失败明细' });
    await expect(failures.getByRole('row')).toHaveCount(5);
    await expect(failures.getByRole('row').nth(1)).toContainText(/5.*866000000000101.*重复/);
    await expect(failures.getByRole('row').nth(2)).toContainText(/6.*86 000.*格式不正确/);
    await expect(failures.getByRole('row').nth(3)).toContainText(/7.*数字超过15位已被表格软件舍入/);
    await expect(failures.getByRole('row').nth(4)).toContainText(/8.*缺少IMEI\/SN/);
    await dialog.getByRole('button', { name: '关闭' }).last().click(); // the footer's, not the corner ×

    await expect(dataRows(page)).toHaveCount(4);
    await expect(rowWith(page, '866000000000101')).toContainText('东门终端');
    await expect(rowWith(page, '866000000000101')).toContainText(enterprise);
    await expect(rowWith(page, 'SN-FXB')).toContainText('公式终端');
  });

  test('selected devices are allocated to another organisation', async ({ page }) => {
    const token = await apiToken(page);
    const enterprise = unique('分配物业');
    await createHold(page, token, { name: enterprise, account: unique('fp') });
    const tag = unique('fp终端');
    const numbers = [uniqueNumber('fa'), uniqueNumber('fb'), uniqueNumber('fc')];
    for (const [index, number] of numbers.entries()) await addDeviceByApi(page, token, number, `${tag}${index}`);

    await login(page);
    await page.goto('/device/manage');
    await page.getByRole('button', { name: '分配' }).click();
    await expect(page.getByText('请选择设备！')).toBeVisible();

    await searchBy(page, '设备名称', tag);
    await expect(dataRows(page)).toHaveCount(3);
    await rowWith(page, numbers[0]!).getByRole('checkbox').check();
    await rowWith(page, numbers[1]!).getByRole('checkbox').check();
    await page.getByRole('button', { name: '分配' }).click();
    const dialog = page.getByRole('dialog', { name: '分配设备' });
    await expect(dialog).toContainText('已选择 2 台设备');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('请选择组织！')).toBeVisible();

    await dialog.getByRole('combobox', { name: '目标组织' }).click();
    await page.getByTitle(enterprise, { exact: true }).last().click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('恭喜你，分配成功！')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowWith(page, numbers[0]!)).toContainText(enterprise);
    await expect(rowWith(page, numbers[1]!)).toContainText(enterprise);
    await expect(rowWith(page, numbers[2]!)).toContainText('运营商');

    await treeNode(page, enterprise).click();
    await expect(dataRows(page)).toHaveCount(2);
  });
});
