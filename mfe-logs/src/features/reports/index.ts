export { ApiReportPage } from './ApiReportPage';
export { ReportsOverview, StorageReportOff, UnmeasuredReport } from './PlainReports';
