import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '@guard-tour/client/session';
import { logout } from './api';

/** 退出登录: tell the server (best effort), then forget everything local and show the login page. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The local session ends regardless; the token expires on its own on the server.
    }
    clearSession();
    queryClient.clear();
    await navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}
