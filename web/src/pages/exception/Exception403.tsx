import { ExceptionPage } from './ExceptionPage';

export default function Exception403() {
  return <ExceptionPage type={403} />;
}
