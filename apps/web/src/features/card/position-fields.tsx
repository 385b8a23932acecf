import { MAX_RADIUS, MIN_RADIUS } from '@guard-tour/contract';
import { App, Button, Col, Form, InputNumber } from 'antd';
import { errorText } from '@guard-tour/client/browser';
import { MSG } from '@guard-tour/client/messages';
import { useLearnPosition } from './api-position';

/**
 * A point's position (SAFETY.md): latitude, longitude and the radius within which a punch counts as made there;
 * 从打卡学习 fills the coordinates with the median of the point's last accurate app punches.
 */
export function PositionFields({ patrolId }: { patrolId: number }) {
  const form = Form.useFormInstance();
  const learn = useLearnPosition();
  const { message } = App.useApp();
  return (
    <>
      <Col span={12}>
        <Form.Item label="纬度" name="lat" tooltip="WGS-84，-90 到 90；不填则不检查打卡位置">
          <InputNumber min={-90} max={90} step={0.000001} precision={6} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="经度" name="lng">
          <InputNumber min={-180} max={180} step={0.000001} precision={6} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="半径" name="radius" tooltip="打卡距巡检点超过半径加定位精度即为“位置异常”">
          <InputNumber
            min={MIN_RADIUS}
            max={MAX_RADIUS}
            precision={0}
            suffix="米"
            placeholder="50"
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label=" " colon={false}>
          <Button
            disabled={patrolId === 0}
            loading={learn.isPending}
            title={patrolId === 0 ? '保存后才能从打卡学习' : undefined}
            onClick={() =>
              learn.mutate(patrolId, {
                onSuccess: (learnt) => {
                  form.setFieldsValue({ lat: learnt.lat, lng: learnt.lng });
                  void message.success(`已从 ${learnt.samples} 次打卡学得位置，保存后生效`);
                },
                onError: (error) => void message.error(errorText(error, MSG.loadFailed)),
              })
            }
          >
            从打卡学习
          </Button>
        </Form.Item>
      </Col>
    </>
  );
}
