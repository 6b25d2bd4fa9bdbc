export { ApiReportPage } from './ApiReportPage';
export { ReportsOverview, StorageReportOff } from './PlainReports';
export { DatabaseReportPage } from './DatabaseReportPage';
export { QueryPerformancePage } from './QueryPerformancePage';
