import { formatDay } from '../../components/dateFormat';

/** 'Mar 3, 2025' for a date-time or a YYYY-MM-DD date. */
export const formatDate = (value: string) => formatDay(value);
