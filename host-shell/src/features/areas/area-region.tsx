import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { AreaMountProps, PermissionKey, SessionUser } from '@plinth/shared-contracts';
import { notify } from '@plinth/shared-ui/toast';
import { useTheme } from '@plinth/shared-ui/theme';
import { AreaOutlet } from '../../federation';
import { API_BASE } from '../../app/api';
import { useAreas, useBuildMode } from '../../app/shell-settings';
import type { AreaPlacement } from '../../areas/area-table';
import { linkResolverFor } from '../../areas/area-link';
import { startAreaPreloads } from '../../areas/area-preloads';

interface Props {
  placement: AreaPlacement;
  user: SessionUser;
  permissions: readonly PermissionKey[];
}

/** Mounts the area that owns the current path into the content region, with the props of the mount contract. */
export function AreaRegion({ placement, user, permissions }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { theme, setTheme } = useTheme();
  const buildMode = useBuildMode();
  const areas = useAreas();
  const { area, projectRef } = placement;
  const { pathname } = useLocation();
  // Opening an area: its page's first calls start now, beside the area's code (AreaOutlet loads it
  // in the same commit), not after it mounts. A move within the area is the area's own business.
  useEffect(() => {
    startAreaPreloads(pathname, areas, { apiBase: API_BASE });
  }, [area, projectRef]);
  const mountProps = useMemo(
    (): Omit<AreaMountProps, 'area' | 'basePath' | 'projectRef' | 'domElement'> => ({
      session: { user },
      permissions,
      apiBase: API_BASE,
      navigate: (to, options) => navigate(to, options),
      notify: (notice) => void notify(notice),
      link: linkResolverFor(areas, area, { projectRef }),
      theme,
      setTheme,
      buildMode,
      queryClient,
    }),
    [user, permissions, navigate, theme, setTheme, buildMode, queryClient, areas, area, projectRef],
  );
  return <AreaOutlet area={placement.area} title={areas[area]?.title} basePath={placement.basePath} projectRef={placement.projectRef} mountProps={mountProps} />;
}
