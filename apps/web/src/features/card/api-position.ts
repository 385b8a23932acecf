import { useMutation } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';

/** 从打卡学习: the median position of the point's recent accurate app punches (nothing saved). */
export function useLearnPosition() {
  return useMutation({ mutationFn: (patrolId: number) => api.safety.learnPosition({ patrol_id: patrolId }) });
}
