import { Result } from 'antd';

interface UnderConstructionProps {
  title: string;
  /** One line on what the screen will do. */
  description: string;
}

/** The one honest placeholder for screens that are not built yet. */
export function UnderConstruction({ title, description }: UnderConstructionProps) {
  return <Result status="info" title={`${title} 建设中`} subTitle={description} />;
}
