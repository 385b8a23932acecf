import { App, Button, Card, Divider, Form, Result } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText, loadErrorText } from '@guard-tour/client/browser';
import { deploymentNow } from '../../api/deployment-time';
import { MSG } from '@guard-tour/client/messages';
import { useCan } from '../../api/use-can';
import { holdLabel, rootHoldId } from '../../components/hold-tree';
import { PageLoading } from '../../components/page-loading';
import { useHoldTree } from '../../components/use-hold-tree';
import { useLoadErrorMessage } from '../../components/use-load-error-message';
import { useAccountOptions, useShiftOptions } from '../../components/use-options';
import { useCardOptions, useHoldName, useRoadForEdit, useSaveRoad } from './api';
import { announceRoadsChanged } from './road-channel';
import { accountChoices, cardChoices } from './road-choices';
import { RoadDetailForm } from './road-detail-form';
import { RoadRoundLines } from './road-round-lines';
import { RoadRoundsDialog } from './road-rounds-dialog';
import {
  newRoadValues,
  roadFormError,
  roadValuesOf,
  toSaveRoadBody,
  type RoadDetailValues,
} from './road-detail-values';

function positiveId(text: string | null): number | undefined {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** 路线详情 (its own window): a new road (id 0) of the organisation holdid, or an existing road. */
export function RoadDetailPage() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const roadId = positiveId(search.get('id')) ?? 0;
  const isNew = roadId === 0;
  const tree = useHoldTree();
  const edit = useRoadForEdit(roadId);
  const road = edit.data?.road;
  const holdId = road?.hold_id ?? positiveId(search.get('holdid')) ?? rootHoldId(tree.data ?? []);
  const can = useCan();
  const readOnly = !can('road.edit');
  // LoadParentBase names the organisation of a new road; without hold.view the tree's own label does.
  const base = useHoldName(isNew && can('hold.view') ? holdId : undefined);
  const accountOptions = useAccountOptions(holdId);
  const cardOptions = useCardOptions(holdId);
  const shiftOptions = useShiftOptions(holdId, can('shift.view'));
  const save = useSaveRoad();
  useLoadErrorMessage(accountOptions, cardOptions, base);
  const [form] = Form.useForm<RoadDetailValues>();
  const [newValues] = useState(newRoadValues);
  const [roundsOpen, setRoundsOpen] = useState(false);

  const initialValues = useMemo(
    () => (edit.data ? roadValuesOf(edit.data.road, edit.data.accounts, edit.data.cards) : newValues),
    [edit.data, newValues],
  );
  const accounts = useMemo(
    () => accountChoices(accountOptions.data ?? [], edit.data?.accounts),
    [accountOptions.data, edit.data],
  );
  const cards = useMemo(() => cardChoices(cardOptions.data ?? [], edit.data?.cards), [cardOptions.data, edit.data]);

  const closeWindow = () => {
    window.close();
    // A window the browser will not let a script close (opened by hand) goes back to the road list.
    window.setTimeout(() => {
      if (!window.closed) void navigate('/road/manage');
    }, 300);
  };

  const askToContinue = () =>
    modal.confirm({
      title: '提示',
      content: isNew ? '保存成功，是否继续添加？' : '保存成功，是否继续编辑？',
      okText: '继续',
      cancelText: '关闭窗口',
      keyboard: false,
      onOk: () => {
        if (isNew) form.resetFields();
      },
      onCancel: closeWindow,
    });

  const submit = (values: RoadDetailValues) => {
    const problem = roadFormError(values, holdId);
    if (problem || holdId === undefined) {
      void message.warning(problem ?? MSG.saveFailed);
      return;
    }
    save.mutate(toSaveRoadBody(values, roadId, holdId), {
      onSuccess: () => {
        announceRoadsChanged();
        askToContinue();
      },
      onError: (error) => void message.error(errorText(error, MSG.saveFailed)),
    });
  };

  let body;
  if (edit.isError) {
    body = (
      <Result
        status="error"
        title={MSG.loadFailed}
        subTitle={loadErrorText(edit.error)}
        extra={<Button onClick={() => void edit.refetch()}>重试</Button>}
      />
    );
  } else if ((!isNew && edit.isPending) || (holdId === undefined && tree.isPending)) {
    body = <PageLoading />;
  } else {
    body = (
      <RoadDetailForm
        form={form}
        initialValues={initialValues}
        holdName={road?.hold_name ?? (base.data?.hold_name || holdLabel(tree.data ?? [], holdId))}
        accounts={accounts}
        shifts={
          shiftOptions.data ??
          (road?.shift_id ? [{ value: road.shift_id, label: road.shift_name ?? String(road.shift_id) }] : [])
        }
        cards={cards}
        optionsLoading={accountOptions.isPending || cardOptions.isPending}
        saving={save.isPending}
        readOnly={readOnly}
        onSubmit={submit}
        onInvalid={(text) => void message.warning(text)}
      />
    );
  }

  return (
    <Card
      title={isNew ? '新增路线' : `${readOnly ? '查看' : '编辑'}路线${road ? `：${road.road_name}` : ''}`}
      style={{ maxWidth: 960, margin: '0 auto' }}
      // A saved road's rounds, today's or a past day's, with each point's result.
      extra={road && can('record.view') ? <Button onClick={() => setRoundsOpen(true)}>查看轮次</Button> : undefined}
    >
      {body}
      {road && can('record.view') && (
        // Today's rounds, one line per slot, each with its status and results (SHIFTS.md).
        <>
          <Divider titlePlacement="start">今日轮次</Divider>
          <RoadRoundLines road={road} day={deploymentNow().format('YYYY-MM-DD')} />
        </>
      )}
      {road && roundsOpen && <RoadRoundsDialog road={road} onClose={() => setRoundsOpen(false)} />}
    </Card>
  );
}
