# Generated from the contract (generated/openapi.json) by scripts/python-client.ts: do not edit; run `make types`.
"""The contract's schemas as TypedDicts and Literals, and a typed method per /v1 data operation."""
from typing import Any, Dict, List, Literal, Optional, TypedDict, Union


LiveBar = TypedDict("LiveBar", {
    "symbol": str,
    "time": str,
    "open": float,
    "high": float,
    "low": float,
    "close": float,
    "volume": float,
    "amount": float,
}, total=False)

StreamError = TypedDict("StreamError", {
    "error": Literal["slow_client", "shutting_down"],
    "message": str,
}, total=False)

Stock = TypedDict("Stock", {
    "requested_symbol": str,
    "symbol": str,
    "name": str,
    "exchange": Literal["SSE", "SZSE", "BSE", "SW", "CSI"],
    "exchange_name": str,
    "currency": Literal["CNY", "USD", "HKD"],
    "industry": Optional[str],
    "subindustry": Optional[str],
    "industry_classification": Optional[Literal["sw2021", "stock_list"]],
    "listing_date": Optional[str],
    "delisting_date": Optional[str],
    "status": Literal["上市", "暂停", "退市"],
    "market_cap": Optional[float],
    "circulating_market_cap": Optional[float],
    "issued_shares": Optional[float],
    "circulating_shares": Optional[float],
    "par_value": Optional[float],
    "description": Optional[str],
    "website": Optional[str],
    "region": Optional[str],
    "address": Optional[str],
    "chairman": Optional[str],
    "general_manager": Optional[str],
    "secretary": Optional[str],
    "established_date": Optional[str],
    "registered_capital": Optional[float],
    "organization_code": Optional[str],
    "business_scope": Optional[str],
}, total=False)

BasicInfoResponse = TypedDict("BasicInfoResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": Union['Stock', List['Stock']],
}, total=False)

ErrorCode = Literal["missing_parameter", "invalid_parameter", "invalid_symbol", "too_many_symbols", "invalid_field", "invalid_date_format", "date_range_too_large", "invalid_period", "invalid_report_type", "invalid_cursor", "invalid_key", "invalid_token", "invalid_credentials", "insufficient_permissions", "not_found", "no_data", "method_not_allowed", "email_taken", "key_limit_reached", "payload_too_large", "unsupported_media_type", "range_not_satisfiable", "rate_limit_exceeded", "internal_error", "service_unavailable"]

Error = TypedDict("Error", {
    "code": int,
    "message": str,
    "error": 'ErrorCode',
}, total=False)

SearchResultItem = TypedDict("SearchResultItem", {
    "symbol": str,
    "name": str,
    "exchange": Literal["SSE", "SZSE", "BSE", "SW", "CSI"],
    "standard_symbol": str,
    "industry": Optional[str],
    "industry_classification": 'industry_classification',
}, total=False)

Pagination = TypedDict("Pagination", {
    "current_page": int,
    "total_pages": int,
    "total_items": int,
    "items_per_page": int,
    "has_next_page": bool,
    "has_prev_page": bool,
}, total=False)

SearchResultPage = TypedDict("SearchResultPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['SearchResultItem'],
    "pagination": 'Pagination',
}, total=False)

ListingStatusCode = Literal["listed", "suspended", "delisted"]

ListedSecurity = TypedDict("ListedSecurity", {
    "symbol": str,
    "name": str,
    "current_symbol": str,
    "kind": Literal["stock", "index", "etf", "convertible"],
    "exchange": Literal["SSE", "SZSE", "BSE", "SW", "CSI"],
    "board": Optional[Literal["main", "star", "chinext", "bse", "b_share"]],
    "industry": Optional[str],
    "industry_classification": 'industry_classification',
    "listing_date": Optional[str],
    "delisting_date": Optional[str],
    "status": Literal["上市", "暂停", "退市"],
    "status_code": 'ListingStatusCode',
}, total=False)

ListedSecurityPage = TypedDict("ListedSecurityPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['ListedSecurity'],
    "pagination": 'Pagination',
}, total=False)

NameChange = TypedDict("NameChange", {
    "symbol": str,
    "name": str,
    "start_date": str,
    "end_date": Optional[str],
    "announcement_date": Optional[str],
    "reason": Optional[str],
}, total=False)

CodeChange = TypedDict("CodeChange", {
    "old_symbol": str,
    "new_symbol": str,
    "change_date": str,
    "reason": Optional[str],
}, total=False)

HaltPeriod = TypedDict("HaltPeriod", {
    "start_date": str,
    "end_date": str,
    "resume_date": Optional[str],
    "trading_days": int,
    "suspend_timing": Optional[str],
}, total=False)

ListingStatus = TypedDict("ListingStatus", {
    "symbol": str,
    "requested_symbol": str,
    "name": str,
    "listing_date": Optional[str],
    "delisting_date": Optional[str],
    "status": Literal["上市", "暂停", "退市"],
    "status_code": 'ListingStatusCode',
    "names": List['NameChange'],
    "code_changes": List['CodeChange'],
    "halts": List['HaltPeriod'],
}, total=False)

ListingStatusResponse = TypedDict("ListingStatusResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": Union['ListingStatus', List['ListingStatus']],
}, total=False)

CodeChangeResponse = TypedDict("CodeChangeResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['CodeChange'],
}, total=False)

IndexConstituent = TypedDict("IndexConstituent", {
    "index": str,
    "trade_date": str,
    "symbol": str,
    "name": Optional[str],
    "weight": Optional[float],
}, total=False)

IndexConstituentPage = TypedDict("IndexConstituentPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['IndexConstituent'],
    "pagination": 'Pagination',
}, total=False)

IndustryConstituent = TypedDict("IndustryConstituent", {
    "symbol": str,
    "name": Optional[str],
    "industry_code": Optional[str],
    "industry_name": str,
    "level": int,
    "in_date": Optional[str],
    "out_date": Optional[str],
    "source": Literal["sw2021", "stock_list"],
}, total=False)

IndustryConstituentPage = TypedDict("IndustryConstituentPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['IndustryConstituent'],
    "pagination": 'Pagination',
}, total=False)

IndustryDay = TypedDict("IndustryDay", {
    "symbol": str,
    "name": str,
    "industry_code": Optional[str],
    "open": Optional[float],
    "high": Optional[float],
    "low": Optional[float],
    "close": Optional[float],
    "pre_close": Optional[float],
    "change": Optional[float],
    "pct_change": Optional[float],
    "volume": 'volume',
    "amount": Optional[float],
    "pe": Optional[float],
    "pb": Optional[float],
    "total_mv": Optional[float],
    "circ_mv": Optional[float],
}, total=False)

IndustryCrossSectionResponse = TypedDict("IndustryCrossSectionResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": Dict[str, Any],
}, total=False)

Dividend = TypedDict("Dividend", {
    "end_date": str,
    "ann_date": Optional[str],
    "stage": str,
    "stage_code": Literal["proposed", "approved", "implemented", "no_distribution", "rejected", "cancelled", "other"],
    "cash_per_share_before_tax": Optional[float],
    "cash_per_share_after_tax": Optional[float],
    "bonus_shares_per_share": Optional[float],
    "transfer_shares_per_share": Optional[float],
    "record_date": Optional[str],
    "ex_date": Optional[str],
    "pay_date": Optional[str],
    "list_date": Optional[str],
}, total=False)

DividendSeries = TypedDict("DividendSeries", {
    "symbol": str,
    "requested_symbol": str,
    "name": str,
    "dividends": List['Dividend'],
}, total=False)

DividendResponse = TypedDict("DividendResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": Union['DividendSeries', List['DividendSeries']],
}, total=False)

AnnouncementType = Literal["semi_annual_report", "annual_report", "quarterly_report", "dividend", "shareholder_meeting", "major_restructuring", "suspension_resumption", "other"]

Announcement = TypedDict("Announcement", {
    "symbol": str,
    "name": str,
    "title": str,
    "date": str,
    "time": Optional[str],
    "type": 'AnnouncementType',
    "url": Optional[str],
}, total=False)

AnnouncementPage = TypedDict("AnnouncementPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['Announcement'],
    "pagination": 'Pagination',
}, total=False)

DailyBar = TypedDict("DailyBar", {
    "date": str,
    "open": Optional[float],
    "high": Optional[float],
    "low": Optional[float],
    "close": Optional[float],
    "pre_close": Optional[float],
    "change": Optional[float],
    "pct_change": Optional[float],
    "volume": Optional[int],
    "amount": Optional[float],
    "turnover": Optional[float],
    "adj_factor": Optional[float],
    "final": bool,
    "as_of": str,
    "risk_warning": Optional[Literal["none", "ST", "*ST", "delisting", "S"]],
    "limit_up": Optional[float],
    "limit_down": Optional[float],
    "limit_source": Optional[Literal["source", "computed", "no_limit"]],
    "limit_move": Optional[Literal["up", "down", "opened", "none"]],
    "limit_streak": Optional[int],
    "listing_session": Optional[int],
}, total=False)

DailySeries = TypedDict("DailySeries", {
    "symbol": str,
    "requested_symbol": str,
    "name": str,
    "currency": Literal["USD", "HKD"],
    "adj_anchor_date": Optional[str],
    "daily": List['DailyBar'],
}, total=False)

DailyResponse = TypedDict("DailyResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": Union['DailySeries', List['DailySeries']],
}, total=False)

Kline = TypedDict("Kline", {
    "time": str,
    "open": Optional[float],
    "high": Optional[float],
    "low": Optional[float],
    "close": Optional[float],
    "pre_close": Optional[float],
    "change": Optional[float],
    "pct_change": Optional[float],
    "volume": Optional[float],
    "amount": Optional[float],
}, total=False)

KlineSeries = TypedDict("KlineSeries", {
    "symbol": str,
    "requested_symbol": str,
    "name": str,
    "interval": Literal["1m", "5m", "15m", "30m", "60m", "daily", "weekly", "monthly", "quarterly", "yearly"],
    "currency": Literal["USD", "HKD"],
    "adj_anchor_date": Optional[str],
    "klines": List['Kline'],
}, total=False)

KlineSeriesResponse = TypedDict("KlineSeriesResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'KlineSeries',
}, total=False)

IntradaySession = TypedDict("IntradaySession", {
    "symbol": str,
    "requested_symbol": str,
    "name": str,
    "trade_date": str,
    "as_of": str,
    "bars": List['Kline'],
}, total=False)

IntradayResponse = TypedDict("IntradayResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'IntradaySession',
}, total=False)

MoneyFlow = TypedDict("MoneyFlow", {
    "symbol": str,
    "name": Optional[str],
    "date": str,
    "buy_sm_vol": Optional[float],
    "buy_sm_amount": Optional[float],
    "sell_sm_vol": Optional[float],
    "sell_sm_amount": Optional[float],
    "buy_md_vol": Optional[float],
    "buy_md_amount": Optional[float],
    "sell_md_vol": Optional[float],
    "sell_md_amount": Optional[float],
    "buy_lg_vol": Optional[float],
    "buy_lg_amount": Optional[float],
    "sell_lg_vol": Optional[float],
    "sell_lg_amount": Optional[float],
    "buy_elg_vol": Optional[float],
    "buy_elg_amount": Optional[float],
    "sell_elg_vol": Optional[float],
    "sell_elg_amount": Optional[float],
    "net_mf_vol": Optional[float],
    "net_mf_amount": Optional[float],
}, total=False)

MoneyFlowPage = TypedDict("MoneyFlowPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['MoneyFlow'],
    "pagination": 'Pagination',
}, total=False)

MarginDetail = TypedDict("MarginDetail", {
    "symbol": str,
    "name": Optional[str],
    "date": str,
    "rzye": Optional[float],
    "rqye": Optional[float],
    "rzmre": Optional[float],
    "rqyl": Optional[float],
    "rzche": Optional[float],
    "rqchl": Optional[float],
    "rqmcl": Optional[float],
    "rzrqye": Optional[float],
}, total=False)

MarginDetailPage = TypedDict("MarginDetailPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['MarginDetail'],
    "pagination": 'Pagination',
}, total=False)

MarginSummary = TypedDict("MarginSummary", {
    "date": str,
    "exchange_id": Literal["SSE", "SZSE", "BSE"],
    "rzye": Optional[float],
    "rzmre": Optional[float],
    "rzche": Optional[float],
    "rqye": Optional[float],
    "rqmcl": Optional[float],
    "rzrqye": Optional[float],
    "rqyl": Optional[float],
}, total=False)

MarginSummaryPage = TypedDict("MarginSummaryPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['MarginSummary'],
    "pagination": 'Pagination',
}, total=False)

NorthboundHolding = TypedDict("NorthboundHolding", {
    "symbol": str,
    "name": Optional[str],
    "date": str,
    "code": Optional[str],
    "vol": Optional[float],
    "ratio": Optional[float],
    "exchange": Literal["SH", "SZ"],
}, total=False)

NorthboundHoldingPage = TypedDict("NorthboundHoldingPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['NorthboundHolding'],
    "pagination": 'Pagination',
}, total=False)

LimitLadderResponse = TypedDict("LimitLadderResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": Dict[str, Any],
}, total=False)

LimitListEntry = TypedDict("LimitListEntry", {
    "symbol": str,
    "name": Optional[str],
    "date": str,
    "industry": Optional[str],
    "close": Optional[float],
    "pct_chg": Optional[float],
    "amount": Optional[float],
    "limit_amount": Optional[float],
    "float_mv": Optional[float],
    "total_mv": Optional[float],
    "turnover_ratio": Optional[float],
    "fd_amount": Optional[float],
    "first_time": Optional[str],
    "last_time": Optional[str],
    "open_times": Optional[int],
    "up_stat": Optional[str],
    "limit_times": Optional[int],
    "limit": Literal["U", "D", "Z"],
}, total=False)

LimitListPage = TypedDict("LimitListPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['LimitListEntry'],
    "pagination": 'Pagination',
}, total=False)

BlockTrade = TypedDict("BlockTrade", {
    "symbol": str,
    "name": Optional[str],
    "date": str,
    "price": float,
    "vol": float,
    "amount": Optional[float],
    "buyer": str,
    "seller": str,
}, total=False)

BlockTradePage = TypedDict("BlockTradePage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['BlockTrade'],
    "pagination": 'Pagination',
}, total=False)

PriceLimit = TypedDict("PriceLimit", {
    "symbol": str,
    "name": Optional[str],
    "date": str,
    "pre_close": Optional[float],
    "up_limit": Optional[float],
    "down_limit": Optional[float],
    "computed": Optional[int],
}, total=False)

PriceLimitPage = TypedDict("PriceLimitPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['PriceLimit'],
    "pagination": 'Pagination',
}, total=False)

ConceptBoard = TypedDict("ConceptBoard", {
    "board": str,
    "name": str,
    "type": Optional[str],
    "exchange": Optional[str],
    "count": Optional[int],
    "list_date": Optional[str],
}, total=False)

ConceptBoardPage = TypedDict("ConceptBoardPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['ConceptBoard'],
    "pagination": 'Pagination',
}, total=False)

ConceptConstituent = TypedDict("ConceptConstituent", {
    "board": str,
    "board_name": Optional[str],
    "symbol": str,
    "name": Optional[str],
    "current": bool,
    "weight": Optional[float],
    "in_date": Optional[str],
    "out_date": Optional[str],
}, total=False)

ConceptConstituentPage = TypedDict("ConceptConstituentPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['ConceptConstituent'],
    "pagination": 'Pagination',
}, total=False)

TopHolder = TypedDict("TopHolder", {
    "symbol": str,
    "name": Optional[str],
    "period": str,
    "ann_date": str,
    "holder_name": str,
    "hold_amount": Optional[float],
    "hold_ratio": Optional[float],
    "hold_float_ratio": Optional[float],
    "hold_change": Optional[float],
    "holder_type": Optional[str],
}, total=False)

TopHolderPage = TypedDict("TopHolderPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['TopHolder'],
    "pagination": 'Pagination',
}, total=False)

TopFloatHolder = TypedDict("TopFloatHolder", {
    "symbol": str,
    "name": Optional[str],
    "period": str,
    "ann_date": str,
    "holder_name": str,
    "hold_amount": Optional[float],
    "hold_ratio": Optional[float],
    "hold_float_ratio": Optional[float],
    "hold_change": Optional[float],
    "holder_type": Optional[str],
}, total=False)

TopFloatHolderPage = TypedDict("TopFloatHolderPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['TopFloatHolder'],
    "pagination": 'Pagination',
}, total=False)

HolderCount = TypedDict("HolderCount", {
    "symbol": str,
    "name": Optional[str],
    "period": str,
    "ann_date": str,
    "holder_num": Optional[int],
}, total=False)

HolderCountPage = TypedDict("HolderCountPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['HolderCount'],
    "pagination": 'Pagination',
}, total=False)

ShareFloat = TypedDict("ShareFloat", {
    "symbol": str,
    "name": Optional[str],
    "float_date": str,
    "ann_date": str,
    "float_share": Optional[float],
    "float_ratio": Optional[float],
    "holder_name": str,
    "share_type": str,
}, total=False)

ShareFloatPage = TypedDict("ShareFloatPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['ShareFloat'],
    "pagination": 'Pagination',
}, total=False)

Repurchase = TypedDict("Repurchase", {
    "symbol": str,
    "name": Optional[str],
    "ann_date": str,
    "end_date": Optional[str],
    "proc": str,
    "exp_date": Optional[str],
    "vol": Optional[float],
    "amount": Optional[float],
    "high_limit": Optional[float],
    "low_limit": Optional[float],
}, total=False)

RepurchasePage = TypedDict("RepurchasePage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['Repurchase'],
    "pagination": 'Pagination',
}, total=False)

HolderTrade = TypedDict("HolderTrade", {
    "symbol": str,
    "name": Optional[str],
    "ann_date": str,
    "holder_name": str,
    "holder_type": Optional[str],
    "in_de": str,
    "change_vol": Optional[float],
    "change_ratio": Optional[float],
    "after_share": Optional[float],
    "after_ratio": Optional[float],
    "avg_price": Optional[float],
    "total_share": Optional[float],
    "begin_date": Optional[str],
    "close_date": Optional[str],
}, total=False)

HolderTradePage = TypedDict("HolderTradePage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['HolderTrade'],
    "pagination": 'Pagination',
}, total=False)

NewShare = TypedDict("NewShare", {
    "symbol": str,
    "name": Optional[str],
    "ipo_date": str,
    "sub_code": Optional[str],
    "issue_date": Optional[str],
    "amount": Optional[float],
    "market_amount": Optional[float],
    "price": Optional[float],
    "pe": Optional[float],
    "limit_amount": Optional[float],
    "funds": Optional[float],
    "ballot": Optional[float],
}, total=False)

NewSharePage = TypedDict("NewSharePage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['NewShare'],
    "pagination": 'Pagination',
}, total=False)

Forecast = TypedDict("Forecast", {
    "symbol": str,
    "name": Optional[str],
    "period": str,
    "ann_date": str,
    "type": Optional[str],
    "p_change_min": Optional[float],
    "p_change_max": Optional[float],
    "net_profit_min": Optional[float],
    "net_profit_max": Optional[float],
    "last_parent_net": Optional[float],
    "first_ann_date": Optional[str],
    "summary": Optional[str],
    "change_reason": Optional[str],
}, total=False)

ForecastPage = TypedDict("ForecastPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['Forecast'],
    "pagination": 'Pagination',
}, total=False)

Express = TypedDict("Express", {
    "symbol": str,
    "name": Optional[str],
    "period": str,
    "ann_date": str,
    "revenue": Optional[float],
    "operate_profit": Optional[float],
    "total_profit": Optional[float],
    "n_income": Optional[float],
    "total_assets": Optional[float],
    "total_hldr_eqy_exc_min_int": Optional[float],
    "diluted_eps": Optional[float],
    "diluted_roe": Optional[float],
    "yoy_net_profit": Optional[float],
    "bps": Optional[float],
    "yoy_sales": Optional[float],
    "yoy_op": Optional[float],
    "yoy_tp": Optional[float],
    "yoy_dedu_np": Optional[float],
    "yoy_eps": Optional[float],
    "yoy_roe": Optional[float],
    "growth_assets": Optional[float],
    "yoy_equity": Optional[float],
    "growth_bps": Optional[float],
    "or_last_year": Optional[float],
    "op_last_year": Optional[float],
    "tp_last_year": Optional[float],
    "np_last_year": Optional[float],
    "eps_last_year": Optional[float],
    "open_net_assets": Optional[float],
    "open_bps": Optional[float],
    "perf_summary": Optional[str],
    "is_audit": Optional[int],
    "remark": Optional[str],
}, total=False)

ExpressPage = TypedDict("ExpressPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['Express'],
    "pagination": 'Pagination',
}, total=False)

FundShares = TypedDict("FundShares", {
    "symbol": str,
    "name": Optional[str],
    "date": str,
    "fd_share": Optional[float],
}, total=False)

FundSharesPage = TypedDict("FundSharesPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['FundShares'],
    "pagination": 'Pagination',
}, total=False)

FundNav = TypedDict("FundNav", {
    "symbol": str,
    "name": Optional[str],
    "nav_date": str,
    "ann_date": str,
    "unit_nav": Optional[float],
    "accum_nav": Optional[float],
    "accum_div": Optional[float],
    "net_asset": Optional[float],
    "total_netasset": Optional[float],
    "adj_nav": Optional[float],
}, total=False)

FundNavPage = TypedDict("FundNavPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['FundNav'],
    "pagination": 'Pagination',
}, total=False)

FundDay = TypedDict("FundDay", {
    "symbol": str,
    "name": Optional[str],
    "close": Optional[float],
    "pct_change": Optional[float],
    "volume": 'volume',
    "amount": Optional[float],
    "nav": Optional[float],
    "nav_ann_date": Optional[str],
    "nav_premium": Optional[float],
    "fd_share": Optional[float],
}, total=False)

FundCrossSectionResponse = TypedDict("FundCrossSectionResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": Dict[str, Any],
}, total=False)

ConvertibleDay = TypedDict("ConvertibleDay", {
    "symbol": str,
    "name": Optional[str],
    "underlying": Optional[str],
    "underlying_name": Optional[str],
    "close": Optional[float],
    "pct_change": Optional[float],
    "volume": 'volume',
    "amount": Optional[float],
    "underlying_close": Optional[float],
    "conversion_price": Optional[float],
    "conversion_value": Optional[float],
    "conversion_premium": Optional[float],
    "remain_size": Optional[float],
    "maturity_date": Optional[str],
}, total=False)

ConvertibleCrossSectionResponse = TypedDict("ConvertibleCrossSectionResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": Dict[str, Any],
}, total=False)

ConvertibleTerms = TypedDict("ConvertibleTerms", {
    "symbol": str,
    "name": Optional[str],
    "underlying": Optional[str],
    "underlying_name": Optional[str],
    "list_date": Optional[str],
    "delist_date": Optional[str],
    "maturity_date": Optional[str],
    "maturity": Optional[float],
    "par": Optional[float],
    "issue_size": Optional[float],
    "remain_size": Optional[float],
    "coupon_rate": Optional[float],
    "conv_start_date": Optional[str],
    "conv_end_date": Optional[str],
    "conv_stop_date": Optional[str],
    "first_conversion_price": Optional[float],
    "conversion_price": Optional[float],
    "conversion_price_changes": List[Dict[str, Any]],
    "call_state": Optional[str],
    "calls": List[Dict[str, Any]],
    "call_clause": Optional[str],
    "put_clause": Optional[str],
    "reset_clause": Optional[str],
}, total=False)

ConvertibleTermsResponse = TypedDict("ConvertibleTermsResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'ConvertibleTerms',
}, total=False)

TopListEntry = TypedDict("TopListEntry", {
    "symbol": str,
    "name": Optional[str],
    "date": str,
    "close": Optional[float],
    "pct_change": Optional[float],
    "turnover_rate": Optional[float],
    "amount": Optional[float],
    "l_sell": Optional[float],
    "l_buy": Optional[float],
    "l_amount": Optional[float],
    "net_amount": Optional[float],
    "net_rate": Optional[float],
    "amount_rate": Optional[float],
    "float_values": Optional[float],
    "reason": str,
}, total=False)

TopListPage = TypedDict("TopListPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['TopListEntry'],
    "pagination": 'Pagination',
}, total=False)

TopListSeat = TypedDict("TopListSeat", {
    "symbol": str,
    "name": Optional[str],
    "date": str,
    "exalter": str,
    "side": Literal["0", "1"],
    "buy": Optional[float],
    "buy_rate": Optional[float],
    "sell": Optional[float],
    "sell_rate": Optional[float],
    "net_buy": Optional[float],
    "reason": str,
}, total=False)

TopListSeatPage = TypedDict("TopListSeatPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['TopListSeat'],
    "pagination": 'Pagination',
}, total=False)

BookLevel = TypedDict("BookLevel", {
    "price": float,
    "volume": float,
}, total=False)

Quote = TypedDict("Quote", {
    "symbol": str,
    "name": Optional[str],
    "basis": Literal["live", "close"],
    "time": str,
    "last": Optional[float],
    "open": Optional[float],
    "high": Optional[float],
    "low": Optional[float],
    "pre_close": Optional[float],
    "change": Optional[float],
    "pct_change": Optional[float],
    "volume": float,
    "amount": float,
    "bids": List['BookLevel'],
    "asks": List['BookLevel'],
    "limit_up": Optional[float],
    "limit_down": Optional[float],
    "suspended": bool,
}, total=False)

QuoteResponse = TypedDict("QuoteResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['Quote'],
}, total=False)

Trade = TypedDict("Trade", {
    "time": str,
    "seq": int,
    "price": float,
    "volume": float,
    "amount": float,
    "side": Optional[Literal["B", "S", "N"]],
}, total=False)

TradePage = TypedDict("TradePage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['Trade'],
    "cursor": Optional[str],
    "has_more": bool,
}, total=False)

Snapshot = TypedDict("Snapshot", {
    "taken_at": str,
    "source": str,
    "quote_time": str,
    "last": Optional[float],
    "open": Optional[float],
    "high": Optional[float],
    "low": Optional[float],
    "pre_close": Optional[float],
    "volume": Optional[float],
    "amount": Optional[float],
    "bid_price_1": Optional[float],
    "bid_price_2": Optional[float],
    "bid_price_3": Optional[float],
    "bid_price_4": Optional[float],
    "bid_price_5": Optional[float],
    "bid_volume_1": Optional[float],
    "bid_volume_2": Optional[float],
    "bid_volume_3": Optional[float],
    "bid_volume_4": Optional[float],
    "bid_volume_5": Optional[float],
    "ask_price_1": Optional[float],
    "ask_price_2": Optional[float],
    "ask_price_3": Optional[float],
    "ask_price_4": Optional[float],
    "ask_price_5": Optional[float],
    "ask_volume_1": Optional[float],
    "ask_volume_2": Optional[float],
    "ask_volume_3": Optional[float],
    "ask_volume_4": Optional[float],
    "ask_volume_5": Optional[float],
    "limit_up": Optional[float],
    "limit_down": Optional[float],
    "suspended": bool,
}, total=False)

SnapshotPage = TypedDict("SnapshotPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['Snapshot'],
    "cursor": Optional[str],
    "has_more": bool,
}, total=False)

SnapshotMinutesResponse = TypedDict("SnapshotMinutesResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": Dict[str, Any],
}, total=False)

AdjustmentFactors = TypedDict("AdjustmentFactors", {
    "symbol": str,
    "requested_symbol": str,
    "name": str,
    "adj_anchor_date": str,
    "anchor_factor": float,
    "factors": List[Dict[str, Any]],
}, total=False)

AdjustmentFactorsResponse = TypedDict("AdjustmentFactorsResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'AdjustmentFactors',
}, total=False)

CalendarDay = TypedDict("CalendarDay", {
    "exchange": Literal["SSE", "SZSE", "BSE"],
    "date": str,
    "is_open": bool,
    "pretrade_date": Optional[str],
}, total=False)

TradingCalendarResponse = TypedDict("TradingCalendarResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['CalendarDay'],
}, total=False)

MarketStatus = TypedDict("MarketStatus", {
    "beijing_time": str,
    "utc_time": str,
    "is_trading_day": Optional[bool],
    "phase": Literal["unknown", "closed", "before_open", "opening_auction", "pre_open", "continuous", "lunch_break", "closing_auction", "after_close"],
    "session_date": Optional[str],
    "previous_session_date": Optional[str],
    "next_open": Optional[str],
    "next_close": Optional[str],
    "calendar_through": Optional[str],
}, total=False)

MarketStatusResponse = TypedDict("MarketStatusResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'MarketStatus',
}, total=False)

UpdateRun = TypedDict("UpdateRun", {
    "finished_at": str,
    "source": Literal["baostock", "tushare"],
    "rows": int,
    "status": Literal["ok", "incomplete", "failed"],
}, total=False)

DatasetCoverage = TypedDict("DatasetCoverage", {
    "dataset": str,
    "clock": Literal["session", "minute", "period"],
    "first": Optional[str],
    "last": Optional[str],
    "expected": Optional[str],
    "lag_sessions": Optional[int],
    "missing_sessions": List[str],
    "partial_sessions": List[str],
    "failed_sessions": List[str],
    "rows": int,
    "securities": int,
    "last_update": Union[Optional[Any], 'UpdateRun'],
    "next_update": Optional[str],
}, total=False)

DataCoverage = TypedDict("DataCoverage", {
    "as_of": str,
    "symbol": Optional[str],
    "expected_session": Optional[str],
    "min_coverage": float,
    "calendar_through": Optional[str],
    "calendar_covers_today": bool,
    "uncovered_exchanges": List[Literal["SSE", "SZSE", "BSE"]],
    "recorded_snapshot_days": List[str],
    "universe": Dict[str, Any],
    "open_findings": Dict[str, Any],
    "datasets": List['DatasetCoverage'],
}, total=False)

DataCoverageResponse = TypedDict("DataCoverageResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'DataCoverage',
}, total=False)

QualityFinding = TypedDict("QualityFinding", {
    "check": str,
    "severity": Literal["error", "warning"],
    "symbol": Optional[str],
    "date": str,
    "item": Optional[str],
    "detail": Dict[str, Any],
    "first_seen": str,
    "last_seen": str,
    "resolved_at": Optional[str],
}, total=False)

DataQuality = TypedDict("DataQuality", {
    "summary": Dict[str, Any],
    "findings": List['QualityFinding'],
}, total=False)

DataQualityPage = TypedDict("DataQualityPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'DataQuality',
    "pagination": 'Pagination',
}, total=False)

FlatFile = TypedDict("FlatFile", {
    "dataset": str,
    "path": str,
    "url": str,
    "unit": Literal["year", "month", "day", "snapshot"],
    "first_date": Optional[str],
    "last_date": Optional[str],
    "rows": int,
    "bytes": int,
    "sha256": str,
}, total=False)

FlatFileList = TypedDict("FlatFileList", {
    "written_at": str,
    "data_versions": Dict[str, Any],
    "files": List['FlatFile'],
}, total=False)

FlatFileListResponse = TypedDict("FlatFileListResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'FlatFileList',
}, total=False)

CrossSectionEntry = TypedDict("CrossSectionEntry", {
    "symbol": str,
    "name": Optional[str],
    "exchange": Literal["SSE", "SZSE", "BSE"],
    "board": Optional[Literal["main", "star", "chinext", "bse", "b_share"]],
    "open": 'open',
    "high": 'high',
    "low": 'low',
    "close": 'close',
    "pre_close": 'pre_close',
    "change": 'change',
    "pct_change": 'pct_change',
    "volume": 'volume',
    "amount": 'amount',
    "turnover": 'turnover',
    "adj_factor": 'adj_factor',
    "adj_anchor_date": Optional[str],
    "pe": 'pe',
    "pe_ttm": 'pe_ttm',
    "pb": 'pb',
    "ps": 'ps',
    "ps_ttm": 'ps_ttm',
    "dv_ratio": 'dv_ratio',
    "dv_ttm": 'dv_ttm',
    "total_share": 'total_share',
    "float_share": 'float_share',
    "free_share": 'free_share',
    "total_mv": 'total_mv',
    "circ_mv": 'circ_mv',
    "turnover_rate": 'turnover_rate',
    "turnover_rate_f": 'turnover_rate_f',
    "volume_ratio": 'volume_ratio',
    "risk_warning": 'risk_warning',
    "limit_up": 'limit_up',
    "limit_down": 'limit_down',
    "limit_source": 'limit_source',
    "limit_move": 'limit_move',
    "limit_streak": 'limit_streak',
    "listing_session": 'listing_session',
    "suspended": bool,
}, total=False)

CrossSection = TypedDict("CrossSection", {
    "date": str,
    "securities": List['CrossSectionEntry'],
}, total=False)

CrossSectionResponse = TypedDict("CrossSectionResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'CrossSection',
}, total=False)

Valuation = TypedDict("Valuation", {
    "date": str,
    "pe": Optional[float],
    "pe_ttm": Optional[float],
    "pb": Optional[float],
    "ps": Optional[float],
    "ps_ttm": Optional[float],
    "dv_ratio": Optional[float],
    "dv_ttm": Optional[float],
    "total_share": Optional[float],
    "float_share": Optional[float],
    "free_share": Optional[float],
    "total_mv": Optional[float],
    "circ_mv": Optional[float],
    "turnover_rate": Optional[float],
    "turnover_rate_f": Optional[float],
    "volume_ratio": Optional[float],
}, total=False)

ValuationSeries = TypedDict("ValuationSeries", {
    "symbol": 'symbol-2',
    "requested_symbol": 'requested_symbol',
    "name": 'name-2',
    "valuation": List['Valuation'],
}, total=False)

ValuationResponse = TypedDict("ValuationResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['ValuationSeries'],
}, total=False)

DailySeriesResponse = TypedDict("DailySeriesResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'DailySeries',
}, total=False)

RegisterRequest = TypedDict("RegisterRequest", {
    "email": str,
    "password": str,
    "name": str,
}, total=False)

User = TypedDict("User", {
    "id": int,
    "email": str,
    "name": Optional[str],
    "plan": str,
    "created_at": str,
}, total=False)

UserResponse = TypedDict("UserResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'User',
}, total=False)

LoginRequest = TypedDict("LoginRequest", {
    "email": str,
    "password": str,
}, total=False)

Session = TypedDict("Session", {
    "token": str,
    "token_type": str,
    "expires_at": str,
    "user": 'User',
}, total=False)

SessionResponse = TypedDict("SessionResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'Session',
}, total=False)

Scope = Literal["market", "financials", "reference", "events"]

ApiKey = TypedDict("ApiKey", {
    "id": int,
    "name": str,
    "prefix": str,
    "scopes": List['Scope'],
    "created_at": str,
    "last_used_at": Optional[str],
    "expires_at": Optional[str],
}, total=False)

ApiKeyList = TypedDict("ApiKeyList", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['ApiKey'],
}, total=False)

ApiKeyCreateRequest = TypedDict("ApiKeyCreateRequest", {
    "name": str,
    "scopes": List['Scope'],
    "expires_at": Optional[str],
}, total=False)

ApiKeyCreated = TypedDict("ApiKeyCreated", {
    "id": 'id',
    "name": 'name-3',
    "prefix": 'prefix',
    "scopes": 'scopes',
    "created_at": 'created_at',
    "last_used_at": 'last_used_at',
    "expires_at": 'expires_at',
    "key": str,
}, total=False)

ApiKeyCreatedResponse = TypedDict("ApiKeyCreatedResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'ApiKeyCreated',
}, total=False)

ApiKeyUpdateRequest = TypedDict("ApiKeyUpdateRequest", {
    "name": str,
    "scopes": List['Scope'],
    "expires_at": Optional[str],
}, total=False)

ApiKeyResponse = TypedDict("ApiKeyResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'ApiKey',
}, total=False)

Plan = TypedDict("Plan", {
    "id": Literal["starter", "professional", "enterprise"],
    "name": str,
    "price_monthly_cents": int,
    "currency": str,
    "rate_limit_per_minute": Optional[int],
    "daily_delay_minutes": int,
    "minute_delay_minutes": int,
    "tick_access": bool,
}, total=False)

PlanList = TypedDict("PlanList", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['Plan'],
}, total=False)

Subscription = TypedDict("Subscription", {
    "plan": 'Plan',
    "rate_limit_per_minute": int,
    "since": str,
}, total=False)

SubscriptionResponse = TypedDict("SubscriptionResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'Subscription',
}, total=False)

SubscriptionChangeRequest = TypedDict("SubscriptionChangeRequest", {
    "plan": Literal["starter", "professional", "enterprise"],
}, total=False)

Invoice = TypedDict("Invoice", {
    "id": int,
    "plan": str,
    "previous_plan": Optional[str],
    "amount_cents": int,
    "currency": str,
    "period_start": str,
    "period_end": str,
    "created_at": str,
}, total=False)

InvoicePage = TypedDict("InvoicePage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['Invoice'],
    "pagination": 'Pagination',
}, total=False)

UsageReport = TypedDict("UsageReport", {
    "begin_date": str,
    "end_date": str,
    "total": int,
    "total_bytes": int,
    "daily": List[Dict[str, Any]],
    "by_endpoint": List[Dict[str, Any]],
    "by_key": List[Dict[str, Any]],
}, total=False)

UsageReportResponse = TypedDict("UsageReportResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'UsageReport',
}, total=False)

UpdateRunRecord = TypedDict("UpdateRunRecord", {
    "source": Literal["baostock", "tushare"],
    "trigger": Literal["schedule", "command"],
    "slot": Optional[str],
    "started_at": str,
    "finished_at": Optional[str],
    "status": Literal["running", "ok", "incomplete", "failed", "interrupted"],
    "sessions": int,
    "rows": int,
    "error": Optional[str],
}, total=False)

DataStatusResponse = TypedDict("DataStatusResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": Dict[str, Any],
}, total=False)

IncomeStatementRecord = TypedDict("IncomeStatementRecord", {
    "report_date": str,
    "report_name": str,
    "revenue": Optional[float],
    "operating_cost": Optional[float],
    "selling_expenses": Optional[float],
    "admin_expenses": Optional[float],
    "rd_expenses": Optional[float],
    "financial_expenses": Optional[float],
    "interest_expenses": Optional[float],
    "interest_income": Optional[float],
    "investment_income": Optional[float],
    "operating_profit": Optional[float],
    "non_operating_income": Optional[float],
    "non_operating_expenses": Optional[float],
    "profit_before_tax": Optional[float],
    "income_tax": Optional[float],
    "net_profit": Optional[float],
    "net_profit_parent": Optional[float],
    "net_profit_minority": Optional[float],
    "basic_eps": Optional[float],
    "diluted_eps": Optional[float],
    "comprehensive_income": Optional[float],
    "comprehensive_income_parent": Optional[float],
    "comprehensive_income_minority": Optional[float],
    "ebitda": Optional[float],
    "gross_profit": Optional[float],
    "gross_margin": Optional[float],
    "operating_margin": Optional[float],
    "net_margin": Optional[float],
    "annual_growth_revenue": Optional[float],
    "annual_growth_profit": Optional[float],
}, total=False)

IncomeStatement = TypedDict("IncomeStatement", {
    "symbol": str,
    "requested_symbol": str,
    "name": str,
    "income_statements": List['IncomeStatementRecord'],
}, total=False)

IncomeStatementResponse = TypedDict("IncomeStatementResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": Union['IncomeStatement', List['IncomeStatement']],
}, total=False)

BalanceSheetRecord = TypedDict("BalanceSheetRecord", {
    "report_date": str,
    "report_name": str,
    "share_capital": Optional[float],
    "capital_reserve": Optional[float],
    "surplus_reserve": Optional[float],
    "retained_earnings": Optional[float],
    "monetary_funds": Optional[float],
    "trading_financial_assets": Optional[float],
    "notes_receivable": Optional[float],
    "accounts_receivable": Optional[float],
    "other_receivables": Optional[float],
    "prepayments": Optional[float],
    "inventories": Optional[float],
    "other_current_assets": Optional[float],
    "total_current_assets": Optional[float],
    "long_term_equity_investments": Optional[float],
    "investment_property": Optional[float],
    "fixed_assets": Optional[float],
    "construction_in_progress": Optional[float],
    "intangible_assets": Optional[float],
    "goodwill": Optional[float],
    "long_term_deferred_expenses": Optional[float],
    "deferred_tax_assets": Optional[float],
    "other_non_current_assets": Optional[float],
    "total_non_current_assets": Optional[float],
    "total_assets": Optional[float],
    "short_term_borrowings": Optional[float],
    "notes_payable": Optional[float],
    "accounts_payable": Optional[float],
    "advances_from_customers": Optional[float],
    "contract_liabilities": Optional[float],
    "employee_benefits_payable": Optional[float],
    "taxes_payable": Optional[float],
    "other_payables": Optional[float],
    "non_current_liabilities_due_within_one_year": Optional[float],
    "total_current_liabilities": Optional[float],
    "long_term_borrowings": Optional[float],
    "bonds_payable": Optional[float],
    "total_non_current_liabilities": Optional[float],
    "total_liabilities": Optional[float],
    "treasury_shares": Optional[float],
    "minority_interests": Optional[float],
    "equity_parent": Optional[float],
    "total_equity": Optional[float],
    "total_liabilities_and_equity": Optional[float],
}, total=False)

BalanceSheet = TypedDict("BalanceSheet", {
    "symbol": str,
    "requested_symbol": str,
    "name": str,
    "balance_sheets": List['BalanceSheetRecord'],
}, total=False)

BalanceSheetResponse = TypedDict("BalanceSheetResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": Union['BalanceSheet', List['BalanceSheet']],
    "pagination": 'Pagination',
}, total=False)

CashFlowRecord = TypedDict("CashFlowRecord", {
    "report_date": str,
    "report_name": str,
    "net_profit": Optional[float],
    "cash_from_sales": Optional[float],
    "operating_cash_inflow": Optional[float],
    "cash_paid_for_goods": Optional[float],
    "cash_paid_to_employees": Optional[float],
    "taxes_paid": Optional[float],
    "operating_cash_outflow": Optional[float],
    "net_operating_cash_flow": Optional[float],
    "cash_from_investment_disposal": Optional[float],
    "investment_returns_received": Optional[float],
    "investing_cash_inflow": Optional[float],
    "capital_expenditure": Optional[float],
    "cash_paid_for_investments": Optional[float],
    "investing_cash_outflow": Optional[float],
    "net_investing_cash_flow": Optional[float],
    "borrowings_received": Optional[float],
    "bonds_issued": Optional[float],
    "financing_cash_inflow": Optional[float],
    "debt_repaid": Optional[float],
    "dividends_and_interest_paid": Optional[float],
    "financing_cash_outflow": Optional[float],
    "net_financing_cash_flow": Optional[float],
    "fx_effect": Optional[float],
    "net_change_in_cash": Optional[float],
    "cash_at_beginning": Optional[float],
    "cash_at_end": Optional[float],
    "depreciation": Optional[float],
    "amortisation_of_intangibles": Optional[float],
    "free_cash_flow": Optional[float],
}, total=False)

CashFlow = TypedDict("CashFlow", {
    "symbol": str,
    "requested_symbol": str,
    "name": str,
    "cash_flows": List['CashFlowRecord'],
}, total=False)

CashFlowResponse = TypedDict("CashFlowResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": Union['CashFlow', List['CashFlow']],
    "pagination": 'Pagination',
}, total=False)

FinancialMetricsRecord = TypedDict("FinancialMetricsRecord", {
    "report_date": str,
    "report_name": str,
    "roe": Optional[float],
    "roa": Optional[float],
    "gross_margin": Optional[float],
    "net_margin": Optional[float],
    "debt_to_asset_ratio": Optional[float],
    "current_ratio": Optional[float],
    "eps": Optional[float],
    "bps": Optional[float],
    "operating_cash_flow_per_share": Optional[float],
    "revenue_growth": Optional[float],
    "net_profit_growth": Optional[float],
    "net_profit_parent_growth": Optional[float],
}, total=False)

FinancialMetrics = TypedDict("FinancialMetrics", {
    "symbol": str,
    "requested_symbol": str,
    "name": str,
    "financial_metrics": List['FinancialMetricsRecord'],
}, total=False)

FinancialMetricsResponse = TypedDict("FinancialMetricsResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": Union['FinancialMetrics', List['FinancialMetrics']],
    "pagination": 'Pagination',
}, total=False)

FinancialCrossSectionEntry = TypedDict("FinancialCrossSectionEntry", {
    "symbol": 'symbol',
    "requested_symbol": 'requested_symbol-2',
    "name": 'name-4',
    "income_statements": 'income_statements',
    "balance_sheets": 'balance_sheets',
    "cash_flows": 'cash_flows',
    "financial_metrics": 'financial_metrics',
}, total=False)

FinancialCrossSectionResponse = TypedDict("FinancialCrossSectionResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['FinancialCrossSectionEntry'],
    "pagination": 'Pagination',
}, total=False)

FinancialIndicator = TypedDict("FinancialIndicator", {
    "symbol": str,
    "name": Optional[str],
    "period": str,
    "ann_date": str,
    "roe_avg": Optional[float],
    "np_margin": Optional[float],
    "gp_margin": Optional[float],
    "net_profit": Optional[float],
    "eps_ttm": Optional[float],
    "mb_revenue": Optional[float],
    "total_share": Optional[float],
    "liqa_share": Optional[float],
    "nr_turn_ratio": Optional[float],
    "nr_turn_days": Optional[float],
    "inv_turn_ratio": Optional[float],
    "inv_turn_days": Optional[float],
    "ca_turn_ratio": Optional[float],
    "asset_turn_ratio": Optional[float],
    "yoy_equity": Optional[float],
    "yoy_asset": Optional[float],
    "yoy_ni": Optional[float],
    "yoy_eps_basic": Optional[float],
    "yoy_pni": Optional[float],
    "current_ratio": Optional[float],
    "quick_ratio": Optional[float],
    "cash_ratio": Optional[float],
    "yoy_liability": Optional[float],
    "liability_to_asset": Optional[float],
    "asset_to_equity": Optional[float],
    "ca_to_asset": Optional[float],
    "nca_to_asset": Optional[float],
    "tangible_asset_to_asset": Optional[float],
    "ebit_to_interest": Optional[float],
    "cfo_to_or": Optional[float],
    "cfo_to_np": Optional[float],
    "cfo_to_gr": Optional[float],
    "dupont_roe": Optional[float],
    "dupont_asset_sto_equity": Optional[float],
    "dupont_asset_turn": Optional[float],
    "dupont_pnitoni": Optional[float],
    "dupont_nitogr": Optional[float],
    "dupont_tax_burden": Optional[float],
    "dupont_intburden": Optional[float],
    "dupont_ebittogr": Optional[float],
}, total=False)

FinancialIndicatorPage = TypedDict("FinancialIndicatorPage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['FinancialIndicator'],
    "pagination": 'Pagination',
}, total=False)

ReportDate = TypedDict("ReportDate", {
    "symbol": str,
    "report_date": str,
    "report_name": str,
    "planned_date": Optional[str],
    "announcement_date": Optional[str],
    "latest_announcement_date": Optional[str],
    "versions": int,
}, total=False)

ReportDatePage = TypedDict("ReportDatePage", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": List['ReportDate'],
    "pagination": 'Pagination',
}, total=False)

Fundamentals = TypedDict("Fundamentals", {
    "symbol": str,
    "requested_symbol": str,
    "name": str,
    "report_date": str,
    "report_name": str,
    "metrics": 'FinancialMetricsRecord',
}, total=False)

FundamentalsResponse = TypedDict("FundamentalsResponse", {
    "code": 'SuccessCode',
    "message": 'SuccessMessage',
    "data": 'Fundamentals',
}, total=False)

TushareRequest = TypedDict("TushareRequest", {
    "api_name": str,
    "token": str,
    "params": Optional[Dict[str, Any]],
    "fields": Optional[str],
}, total=False)

TushareData = TypedDict("TushareData", {
    "fields": List[str],
    "items": List[List[Optional[Union[str, float]]]],
    "has_more": bool,
}, total=False)

TushareAnswer = TypedDict("TushareAnswer", {
    "request_id": str,
    "code": 'TushareCode',
    "msg": str,
    "data": 'TushareData',
}, total=False)


class GeneratedOperations:
    """One method per /v1 data operation of the contract; each returns a `Result` whose `data` is typed."""

    def _call(self, path: str, params: Dict[str, Any]) -> Any:  # implemented by Client
        raise NotImplementedError

    def get_basic_info(self, symbol: str, date: Optional[str] = None, fields: Optional[str] = None) -> 'Result[Union[Stock, List[Stock]]]':
        """Basic information of one or more stocks (GET /v1/stock/basic-info)."""
        return self._call("/v1/stock/basic-info", {"symbol": symbol, "date": date, "fields": fields})

    def search_stocks(self, keyword: str, limit: Optional[int] = None, page: Optional[int] = None, offset: Optional[int] = None) -> 'Result[List[SearchResultItem]]':
        """Search stocks by name, code or pinyin initials (GET /v1/stock/search)."""
        return self._call("/v1/stock/search", {"keyword": keyword, "limit": limit, "page": page, "offset": offset})

    def get_stock_list(self, *, date: Optional[str] = None, kind: Optional[Literal["stock", "index", "etf", "convertible"]] = None, exchange: Optional[Literal["SSE", "SZSE", "BSE"]] = None, board: Optional[Literal["main", "star", "chinext", "bse", "b_share"]] = None, industry: Optional[str] = None, status: Optional[Literal["listed", "suspended", "delisted"]] = None, limit: Optional[int] = None, page: Optional[int] = None, offset: Optional[int] = None) -> 'Result[List[ListedSecurity]]':
        """Stock and index list, point in time (GET /v1/stock/list)."""
        return self._call("/v1/stock/list", {"date": date, "kind": kind, "exchange": exchange, "board": board, "industry": industry, "status": status, "limit": limit, "page": page, "offset": offset})

    def get_listing_status(self, symbol: str) -> 'Result[Union[ListingStatus, List[ListingStatus]]]':
        """Listing status, names, code changes and trading halts (GET /v1/stock/listing-status)."""
        return self._call("/v1/stock/listing-status", {"symbol": symbol})

    def get_code_changes(self, *, symbol: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None) -> 'Result[List[CodeChange]]':
        """Code changes (GET /v1/stock/code-change)."""
        return self._call("/v1/stock/code-change", {"symbol": symbol, "begin_date": begin_date, "end_date": end_date})

    def get_index_constituents(self, index: str, date: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None, offset: Optional[int] = None) -> 'Result[List[IndexConstituent]]':
        """Index constituents and weights, point in time (GET /v1/indices/constituents)."""
        return self._call("/v1/indices/constituents", {"index": index, "date": date, "limit": limit, "page": page, "offset": offset})

    def get_industry_constituents(self, industry: str, level: Optional[int] = None, date: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None, offset: Optional[int] = None) -> 'Result[List[IndustryConstituent]]':
        """Industry constituents, point in time (GET /v1/industry/constituents)."""
        return self._call("/v1/industry/constituents", {"industry": industry, "level": level, "date": date, "limit": limit, "page": page, "offset": offset})

    def get_industry_cross_section(self, *, date: Optional[str] = None, level: Optional[int] = None) -> 'Result[Dict[str, Any]]':
        """Every Shenwan industry of a level on a day, with its index bar and valuation (GET /v1/industry/cross-section)."""
        return self._call("/v1/industry/cross-section", {"date": date, "level": level})

    def get_dividends(self, symbol: str, begin_date: Optional[str] = None, end_date: Optional[str] = None, date_field: Optional[Literal["ann_date", "ex_date"]] = None) -> 'Result[Union[DividendSeries, List[DividendSeries]]]':
        """Dividends and bonus shares (GET /v1/events/dividends)."""
        return self._call("/v1/events/dividends", {"symbol": symbol, "begin_date": begin_date, "end_date": end_date, "date_field": date_field})

    def get_announcements(self, symbol: str, begin_date: Optional[str] = None, end_date: Optional[str] = None, type: Optional['AnnouncementType'] = None, limit: Optional[int] = None, page: Optional[int] = None, offset: Optional[int] = None) -> 'Result[List[Announcement]]':
        """Company announcements (GET /v1/events/announcements)."""
        return self._call("/v1/events/announcements", {"symbol": symbol, "begin_date": begin_date, "end_date": end_date, "type": type, "limit": limit, "page": page, "offset": offset})

    def get_daily(self, symbol: str, begin_date: Optional[str] = None, end_date: Optional[str] = None, adjusted: Optional[bool] = None, fields: Optional[str] = None, limit: Optional[int] = None) -> 'Result[Union[DailySeries, List[DailySeries]]]':
        """Daily bars of stocks and indices, forward-adjusted or unadjusted (GET /v1/market/daily)."""
        return self._call("/v1/market/daily", {"symbol": symbol, "begin_date": begin_date, "end_date": end_date, "adjusted": adjusted, "fields": fields, "limit": limit})

    def get_klines(self, symbol: str, interval: Optional[Literal["1m", "5m", "15m", "30m", "60m", "1h", "daily", "1d", "weekly", "1w", "monthly", "1M", "quarterly", "1q", "yearly", "1y"]] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, adjusted: Optional[bool] = None, limit: Optional[int] = None) -> 'Result[KlineSeries]':
        """Bars of any interval (minutes to years) (GET /v1/market/klines)."""
        return self._call("/v1/market/klines", {"symbol": symbol, "interval": interval, "begin_date": begin_date, "end_date": end_date, "adjusted": adjusted, "limit": limit})

    def get_intraday(self, symbol: str) -> 'Result[IntradaySession]':
        """Minute bars of the latest session (GET /v1/market/intraday)."""
        return self._call("/v1/market/intraday", {"symbol": symbol})

    def get_money_flow(self, *, symbol: Optional[str] = None, date: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[MoneyFlow]]':
        """Money flow by order size, per stock and day (GET /v1/market/money-flow)."""
        return self._call("/v1/market/money-flow", {"symbol": symbol, "date": date, "begin_date": begin_date, "end_date": end_date, "limit": limit, "page": page})

    def get_margin_detail(self, *, symbol: Optional[str] = None, date: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[MarginDetail]]':
        """Margin financing and securities lending, per stock and day (GET /v1/market/margin-detail)."""
        return self._call("/v1/market/margin-detail", {"symbol": symbol, "date": date, "begin_date": begin_date, "end_date": end_date, "limit": limit, "page": page})

    def get_margin_summary(self, *, date: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, exchange: Optional[Literal["SSE", "SZSE", "BSE"]] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[MarginSummary]]':
        """Margin trading totals per exchange and day (GET /v1/market/margin-summary)."""
        return self._call("/v1/market/margin-summary", {"date": date, "begin_date": begin_date, "end_date": end_date, "exchange": exchange, "limit": limit, "page": page})

    def get_northbound_holdings(self, *, symbol: Optional[str] = None, date: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[NorthboundHolding]]':
        """Northbound (Stock Connect) holdings, per stock and day (GET /v1/market/northbound-holdings)."""
        return self._call("/v1/market/northbound-holdings", {"symbol": symbol, "date": date, "begin_date": begin_date, "end_date": end_date, "limit": limit, "page": page})

    def get_limit_ladder(self, *, date: Optional[str] = None, exchange: Optional[Literal["SSE", "SZSE", "BSE"]] = None, board: Optional[Literal["main", "star", "chinext", "bse", "b_share"]] = None, risk_warning: Optional[Literal["none", "ST", "*ST", "delisting", "S"]] = None) -> 'Result[Dict[str, Any]]':
        """A day's limit-up ladder — the stocks at the up limit by streak, and those that opened (炸板) (GET /v1/market/limit-ladder)."""
        return self._call("/v1/market/limit-ladder", {"date": date, "exchange": exchange, "board": board, "risk_warning": risk_warning})

    def get_limit_list(self, *, symbol: Optional[str] = None, date: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, limit_type: Optional[Literal["U", "D", "Z"]] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[LimitListEntry]]':
        """Limit-up, limit-down and broken-limit stocks, per stock and day (GET /v1/market/limit-list)."""
        return self._call("/v1/market/limit-list", {"symbol": symbol, "date": date, "begin_date": begin_date, "end_date": end_date, "limit_type": limit_type, "limit": limit, "page": page})

    def get_block_trades(self, *, symbol: Optional[str] = None, date: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[BlockTrade]]':
        """Block trades, per stock and day (GET /v1/market/block-trades)."""
        return self._call("/v1/market/block-trades", {"symbol": symbol, "date": date, "begin_date": begin_date, "end_date": end_date, "limit": limit, "page": page})

    def get_price_limits(self, *, symbol: Optional[str] = None, date: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[PriceLimit]]':
        """Limit-up and limit-down prices, per security and day (GET /v1/market/price-limits)."""
        return self._call("/v1/market/price-limits", {"symbol": symbol, "date": date, "begin_date": begin_date, "end_date": end_date, "limit": limit, "page": page})

    def get_concept_boards(self, *, type: Optional[Literal["N", "I", "R", "S", "ST", "TH", "BB"]] = None, exchange: Optional[Literal["A", "HK", "US"]] = None, name: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None, offset: Optional[int] = None) -> 'Result[List[ConceptBoard]]':
        """Tonghuashun's concept and theme boards (GET /v1/concept/boards)."""
        return self._call("/v1/concept/boards", {"type": type, "exchange": exchange, "name": name, "limit": limit, "page": page, "offset": offset})

    def get_concept_constituents(self, *, board: Optional[str] = None, symbol: Optional[str] = None, include_past: Optional[bool] = None, limit: Optional[int] = None, page: Optional[int] = None, offset: Optional[int] = None) -> 'Result[List[ConceptConstituent]]':
        """Members of a concept board, or the boards of a stock (GET /v1/concept/constituents)."""
        return self._call("/v1/concept/constituents", {"board": board, "symbol": symbol, "include_past": include_past, "limit": limit, "page": page, "offset": offset})

    def get_top_holders(self, *, symbol: Optional[str] = None, period: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, as_of: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[TopHolder]]':
        """The ten largest shareholders, per stock and report period, point in time (GET /v1/stock/top-holders)."""
        return self._call("/v1/stock/top-holders", {"symbol": symbol, "period": period, "begin_date": begin_date, "end_date": end_date, "as_of": as_of, "limit": limit, "page": page})

    def get_top_float_holders(self, *, symbol: Optional[str] = None, period: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, as_of: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[TopFloatHolder]]':
        """The ten largest float shareholders, per stock and report period, point in time (GET /v1/stock/top-float-holders)."""
        return self._call("/v1/stock/top-float-holders", {"symbol": symbol, "period": period, "begin_date": begin_date, "end_date": end_date, "as_of": as_of, "limit": limit, "page": page})

    def get_holder_count(self, *, symbol: Optional[str] = None, period: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, as_of: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[HolderCount]]':
        """The number of shareholders, per stock and reported day, point in time (GET /v1/stock/holder-count)."""
        return self._call("/v1/stock/holder-count", {"symbol": symbol, "period": period, "begin_date": begin_date, "end_date": end_date, "as_of": as_of, "limit": limit, "page": page})

    def get_share_float(self, *, symbol: Optional[str] = None, float_date: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, as_of: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[ShareFloat]]':
        """Restricted shares unlocking, per stock and day, point in time (GET /v1/events/share-float)."""
        return self._call("/v1/events/share-float", {"symbol": symbol, "float_date": float_date, "begin_date": begin_date, "end_date": end_date, "as_of": as_of, "limit": limit, "page": page})

    def get_repurchases(self, *, symbol: Optional[str] = None, ann_date: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, as_of: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[Repurchase]]':
        """Share repurchases (回购), per stock and announcement (GET /v1/events/repurchases)."""
        return self._call("/v1/events/repurchases", {"symbol": symbol, "ann_date": ann_date, "begin_date": begin_date, "end_date": end_date, "as_of": as_of, "limit": limit, "page": page})

    def get_holder_trades(self, *, symbol: Optional[str] = None, ann_date: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, as_of: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[HolderTrade]]':
        """Shareholders' purchases and sales (增减持), per stock and announcement (GET /v1/events/holder-trades)."""
        return self._call("/v1/events/holder-trades", {"symbol": symbol, "ann_date": ann_date, "begin_date": begin_date, "end_date": end_date, "as_of": as_of, "limit": limit, "page": page})

    def get_new_shares(self, *, symbol: Optional[str] = None, ipo_date: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, as_of: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[NewShare]]':
        """Initial public offerings (新股), per security, known from their subscription day (GET /v1/events/new-shares)."""
        return self._call("/v1/events/new-shares", {"symbol": symbol, "ipo_date": ipo_date, "begin_date": begin_date, "end_date": end_date, "as_of": as_of, "limit": limit, "page": page})

    def get_forecasts(self, *, symbol: Optional[str] = None, period: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, as_of: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[Forecast]]':
        """Earnings forecasts (业绩预告), per stock and report period, point in time (GET /v1/financials/forecast)."""
        return self._call("/v1/financials/forecast", {"symbol": symbol, "period": period, "begin_date": begin_date, "end_date": end_date, "as_of": as_of, "limit": limit, "page": page})

    def get_express(self, *, symbol: Optional[str] = None, period: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, as_of: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[Express]]':
        """Preliminary results (业绩快报), per stock and report period, point in time (GET /v1/financials/express)."""
        return self._call("/v1/financials/express", {"symbol": symbol, "period": period, "begin_date": begin_date, "end_date": end_date, "as_of": as_of, "limit": limit, "page": page})

    def get_fund_shares(self, *, symbol: Optional[str] = None, date: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[FundShares]]':
        """Units outstanding of ETFs, per fund and day (GET /v1/fund/shares)."""
        return self._call("/v1/fund/shares", {"symbol": symbol, "date": date, "begin_date": begin_date, "end_date": end_date, "limit": limit, "page": page})

    def get_fund_nav(self, *, symbol: Optional[str] = None, nav_date: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, as_of: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[FundNav]]':
        """Net asset values of ETFs, per fund and day, point in time (GET /v1/fund/nav)."""
        return self._call("/v1/fund/nav", {"symbol": symbol, "nav_date": nav_date, "begin_date": begin_date, "end_date": end_date, "as_of": as_of, "limit": limit, "page": page})

    def get_fund_cross_section(self, *, date: Optional[str] = None) -> 'Result[Dict[str, Any]]':
        """ETFs on a day, with NAV premium and units outstanding (GET /v1/fund/cross-section)."""
        return self._call("/v1/fund/cross-section", {"date": date})

    def get_convertible_cross_section(self, *, date: Optional[str] = None) -> 'Result[Dict[str, Any]]':
        """Convertible bonds on a day, with conversion value and premium (GET /v1/convertible/cross-section)."""
        return self._call("/v1/convertible/cross-section", {"date": date})

    def get_convertible_terms(self, symbol: str, as_of: Optional[str] = None) -> 'Result[ConvertibleTerms]':
        """A convertible bond's terms, conversion-price history and call state, point in time (GET /v1/convertible/terms)."""
        return self._call("/v1/convertible/terms", {"symbol": symbol, "as_of": as_of})

    def get_top_list(self, *, symbol: Optional[str] = None, date: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[TopListEntry]]':
        """The dragon-tiger list (龙虎榜), per stock, day and reason (GET /v1/market/top-list)."""
        return self._call("/v1/market/top-list", {"symbol": symbol, "date": date, "begin_date": begin_date, "end_date": end_date, "limit": limit, "page": page})

    def get_top_list_seats(self, *, symbol: Optional[str] = None, date: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, side: Optional[Literal["0", "1"]] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[TopListSeat]]':
        """The dragon-tiger list's seats, per stock, day, reason and side (GET /v1/market/top-list-seats)."""
        return self._call("/v1/market/top-list-seats", {"symbol": symbol, "date": date, "begin_date": begin_date, "end_date": end_date, "side": side, "limit": limit, "page": page})

    def get_quote(self, symbol: str) -> 'Result[List[Quote]]':
        """Latest quote of 1-50 symbols, live during the session (GET /v1/market/quote)."""
        return self._call("/v1/market/quote", {"symbol": symbol})

    def get_trades(self, symbol: str, date: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> 'Result[List[Trade]]':
        """Ticks of a session, cursor-paginated (GET /v1/market/trades)."""
        return self._call("/v1/market/trades", {"symbol": symbol, "date": date, "limit": limit, "cursor": cursor})

    def get_snapshots(self, symbol: str, date: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> 'Result[List[Snapshot]]':
        """Recorded quote snapshots of a day, cursor-paginated (GET /v1/market/snapshots)."""
        return self._call("/v1/market/snapshots", {"symbol": symbol, "date": date, "limit": limit, "cursor": cursor})

    def get_snapshot_minutes(self, symbol: str, date: Optional[str] = None) -> 'Result[Dict[str, Any]]':
        """Minute bars of a recorded day, rebuilt from its snapshots (GET /v1/market/snapshots/minutes)."""
        return self._call("/v1/market/snapshots/minutes", {"symbol": symbol, "date": date})

    def get_adjustment_factor(self, symbol: str, begin_date: Optional[str] = None, end_date: Optional[str] = None) -> 'Result[AdjustmentFactors]':
        """Adjustment factors of a security (GET /v1/market/adjustment-factor)."""
        return self._call("/v1/market/adjustment-factor", {"symbol": symbol, "begin_date": begin_date, "end_date": end_date})

    def get_trading_calendar(self, *, exchange: Optional[Literal["SSE", "SZSE", "BSE"]] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, is_open: Optional[bool] = None) -> 'Result[List[CalendarDay]]':
        """Trading calendar (GET /v1/market/trading-calendar)."""
        return self._call("/v1/market/trading-calendar", {"exchange": exchange, "begin_date": begin_date, "end_date": end_date, "is_open": is_open})

    def get_market_status(self) -> 'Result[MarketStatus]':
        """Where the market stands now (GET /v1/market/status)."""
        return self._call("/v1/market/status", {})

    def get_data_coverage(self, *, symbol: Optional[str] = None) -> 'Result[DataCoverage]':
        """How current each dataset is (GET /v1/data/coverage)."""
        return self._call("/v1/data/coverage", {"symbol": symbol})

    def get_data_quality(self, *, check: Optional[Literal["missing_session", "partial_session", "bar_on_closed_day", "ohlc_inconsistent", "vwap_outside_range", "limit_breach", "first_day_band", "pre_close_mismatch", "factor_step_without_event", "event_without_factor_step", "factor_step_mismatch", "stale_bar", "zero_volume", "source_mismatch", "limit_price_mismatch", "limit_list_mismatch", "balance_sheet_identity"]] = None, severity: Optional[Literal["error", "warning"]] = None, status: Optional[Literal["open", "resolved", "all"]] = None, symbol: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[DataQuality]':
        """What the audit found wrong in the stored data (GET /v1/data/quality)."""
        return self._call("/v1/data/quality", {"check": check, "severity": severity, "status": status, "symbol": symbol, "begin_date": begin_date, "end_date": end_date, "limit": limit, "page": page})

    def get_flat_files(self, *, dataset: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None) -> 'Result[FlatFileList]':
        """The flat files' manifest — every dataset's years, months and days as Parquet (GET /v1/files)."""
        return self._call("/v1/files", {"dataset": dataset, "begin_date": begin_date, "end_date": end_date})

    def get_market_cross_section(self, *, date: Optional[str] = None, adjusted: Optional[bool] = None, kind: Optional[Literal["stock", "index", "etf", "convertible"]] = None, exchange: Optional[Literal["SSE", "SZSE", "BSE"]] = None, board: Optional[Literal["main", "star", "chinext", "bse", "b_share"]] = None, industry: Optional[str] = None, risk_warning: Optional[Literal["none", "ST", "*ST", "delisting", "S"]] = None, limit_move: Optional[Literal["up", "down", "opened", "none"]] = None, fields: Optional[str] = None) -> 'Result[CrossSection]':
        """Whole market on a day — every security's bar and valuation (GET /v1/market/cross-section)."""
        return self._call("/v1/market/cross-section", {"date": date, "adjusted": adjusted, "kind": kind, "exchange": exchange, "board": board, "industry": industry, "risk_warning": risk_warning, "limit_move": limit_move, "fields": fields})

    def get_valuation(self, symbol: str, begin_date: Optional[str] = None, end_date: Optional[str] = None, fields: Optional[str] = None) -> 'Result[List[ValuationSeries]]':
        """Valuation history (PE, PB, dividend yield, market value) of 1-50 symbols (GET /v1/market/valuation)."""
        return self._call("/v1/market/valuation", {"symbol": symbol, "begin_date": begin_date, "end_date": end_date, "fields": fields})

    def get_income_statement(self, symbol: str, period: Optional[Literal["annual", "quarterly", "ttm"]] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, report_type: Optional[Literal["consolidated", "parent"]] = None, as_of: Optional[str] = None, fields: Optional[str] = None, limit: Optional[int] = None) -> 'Result[Union[IncomeStatement, List[IncomeStatement]]]':
        """Income statements of 1-10 stocks (annual, quarterly or TTM; consolidated or parent) (GET /v1/financials/income-statement)."""
        return self._call("/v1/financials/income-statement", {"symbol": symbol, "period": period, "begin_date": begin_date, "end_date": end_date, "report_type": report_type, "as_of": as_of, "fields": fields, "limit": limit})

    def get_balance_sheet(self, symbol: str, period: Optional[Literal["annual", "quarterly"]] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, report_type: Optional[Literal["consolidated", "parent"]] = None, as_of: Optional[str] = None, fields: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None, offset: Optional[int] = None) -> 'Result[Union[BalanceSheet, List[BalanceSheet]]]':
        """Balance sheets of 1-10 stocks (annual or quarterly; consolidated or parent) (GET /v1/financials/balance-sheet)."""
        return self._call("/v1/financials/balance-sheet", {"symbol": symbol, "period": period, "begin_date": begin_date, "end_date": end_date, "report_type": report_type, "as_of": as_of, "fields": fields, "limit": limit, "page": page, "offset": offset})

    def get_cash_flow(self, symbol: str, period: Optional[Literal["annual", "quarterly", "ttm"]] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, report_type: Optional[Literal["consolidated", "parent"]] = None, as_of: Optional[str] = None, fields: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None, offset: Optional[int] = None) -> 'Result[Union[CashFlow, List[CashFlow]]]':
        """Cash-flow statements of 1-10 stocks (annual, quarterly or TTM; consolidated or parent) (GET /v1/financials/cash-flow)."""
        return self._call("/v1/financials/cash-flow", {"symbol": symbol, "period": period, "begin_date": begin_date, "end_date": end_date, "report_type": report_type, "as_of": as_of, "fields": fields, "limit": limit, "page": page, "offset": offset})

    def get_financial_metrics(self, symbol: str, period: Optional[Literal["annual", "quarterly", "ttm"]] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, report_type: Optional[Literal["consolidated", "parent"]] = None, as_of: Optional[str] = None, fields: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None, offset: Optional[int] = None) -> 'Result[Union[FinancialMetrics, List[FinancialMetrics]]]':
        """Financial ratios of 1-10 stocks per reporting period (ROE, ROA, margins, leverage, per-share, growth) (GET /v1/financials/financial-metrics)."""
        return self._call("/v1/financials/financial-metrics", {"symbol": symbol, "period": period, "begin_date": begin_date, "end_date": end_date, "report_type": report_type, "as_of": as_of, "fields": fields, "limit": limit, "page": page, "offset": offset})

    def get_financial_cross_section(self, statement: Literal["income", "balance-sheet", "cash-flow", "financial-metrics"], report_date: str, as_of: Optional[str] = None, report_type: Optional[Literal["consolidated", "parent"]] = None, fields: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None, offset: Optional[int] = None) -> 'Result[List[FinancialCrossSectionEntry]]':
        """Every company's statement for one period, point in time (GET /v1/financials/cross-section)."""
        return self._call("/v1/financials/cross-section", {"statement": statement, "report_date": report_date, "as_of": as_of, "report_type": report_type, "fields": fields, "limit": limit, "page": page, "offset": offset})

    def get_financial_indicators(self, *, symbol: Optional[str] = None, period: Optional[str] = None, begin_date: Optional[str] = None, end_date: Optional[str] = None, as_of: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None) -> 'Result[List[FinancialIndicator]]':
        """Quarterly indicators (profitability, operation, growth, solvency, cash flow, DuPont), point in time (GET /v1/financials/indicators)."""
        return self._call("/v1/financials/indicators", {"symbol": symbol, "period": period, "begin_date": begin_date, "end_date": end_date, "as_of": as_of, "limit": limit, "page": page})

    def get_report_dates(self, symbol: str, begin_date: Optional[str] = None, end_date: Optional[str] = None, limit: Optional[int] = None, page: Optional[int] = None, offset: Optional[int] = None) -> 'Result[List[ReportDate]]':
        """Reporting periods of 1-10 stocks with their announcement and planned dates (GET /v1/financials/report-dates)."""
        return self._call("/v1/financials/report-dates", {"symbol": symbol, "begin_date": begin_date, "end_date": end_date, "limit": limit, "page": page, "offset": offset})


from ._result import Result  # noqa: E402  (the typed methods' return type)
