import { AreaSideMenu, useFeatureFlag, type SectionMenuProps } from '@plinth/area-kit';

/** The reports menu (000 §2.1, hosted only): the reports of the area's definition; Storage follows the storage_report flag. */
export function ReportsMenu({ title, groups }: SectionMenuProps) {
  const storageReport = useFeatureFlag('storage_report', { whileUnknown: true });
  const shown = storageReport ? groups : groups.map((g) => ({ ...g, items: g.items.filter((i) => i.to !== '/reports/storage') }));
  return <AreaSideMenu title={title} groups={shown} />;
}
